import { Component, type ReactNode } from 'react';

interface KeepScrollPlaceProps {
  /** Rows mounted; when it grows, rows were added above and the reader's place is kept. */
  rows: number;
  scroller(): HTMLElement | null;
  children: ReactNode;
}

/**
 * Keeps the reader's place when older rows are mounted above what they are reading: it reads the
 * distance from the bottom just before React changes the DOM and restores it right after. The
 * rows are mounted in a transition, whose commit can come frames after it was asked for while the
 * reader keeps scrolling, so the place must be read at the commit itself. Only a class component
 * can run code at that moment (getSnapshotBeforeUpdate has no hook equivalent).
 */
export class KeepScrollPlace extends Component<KeepScrollPlaceProps> {
  override getSnapshotBeforeUpdate(previous: Readonly<KeepScrollPlaceProps>): number | null {
    if (this.props.rows <= previous.rows) return null;
    const scroller = this.props.scroller();
    return scroller ? scroller.scrollHeight - scroller.scrollTop : null;
  }

  override componentDidUpdate(_previous: Readonly<KeepScrollPlaceProps>, _state: unknown, fromBottom: number | null) {
    const scroller = this.props.scroller();
    if (scroller && fromBottom !== null) scroller.scrollTop = scroller.scrollHeight - fromBottom;
  }

  override render() {
    return this.props.children;
  }
}
