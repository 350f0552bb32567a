import type { Page } from 'playwright-core';
import { installColourMaths, type ColourMaths } from './colour-maths';

/** The focused element's indicator, as painted: its colour, what it is drawn against and their contrast. */
export interface FocusIndicator {
  /** Whether the element matches :focus-visible (the browser would show the indicator). */
  focusVisible: boolean;
  /** 'outline', 'box-shadow' or 'none'. */
  kind: string;
  width: number;
  ratio: number;
  color: string;
  background: string;
}

/**
 * WCAG 1.4.11 / 2.4.7 for the element that has focus: its outline (or, failing that, its first
 * box-shadow ring) against the colours it is drawn over, like support/contrast.ts does for text. An
 * outline outside the element (offset ≥ 0) is drawn over its parent's background, one inside it
 * over its own; semi-transparent layers are composed down to the first opaque one (white under
 * all), and a gradient counts at its worst stop.
 */
export async function focusIndicator(page: Page): Promise<FocusIndicator> {
  await installColourMaths(page);
  return page.evaluate(() => {
    const { rgba, over, contrast } = (window as unknown as { genieColourMaths: ColourMaths }).genieColourMaths;
    const colourIn = /(?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;

    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { focusVisible: false, kind: 'none', width: 0, ratio: 0, color: '', background: '' };
    const style = getComputedStyle(element);
    let kind = 'none';
    let width = 0;
    let colour: number[] = [0, 0, 0, 0];
    let inside = false;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
      kind = 'outline';
      width = parseFloat(style.outlineWidth);
      colour = rgba(style.outlineColor);
      inside = parseFloat(style.outlineOffset) < 0;
    } else if (style.boxShadow !== 'none') {
      // "rgb(…) 0px 0px 0px 2px": the first ring whose spread is at least a pixel.
      const ring = style.boxShadow.split(/,(?![^()]*\))/).find((shadow) => parseFloat(shadow.replace(colourIn, '').trim().split(/\s+/)[3] ?? '0') >= 1);
      if (ring) {
        kind = 'box-shadow';
        width = parseFloat(ring.replace(colourIn, '').trim().split(/\s+/)[3]!);
        colour = rgba(ring.match(colourIn)?.[0] ?? 'transparent');
        inside = ring.includes('inset');
      }
    }
    // The layers under the indicator, topmost first, down to the first opaque one.
    const layers: number[][][] = [];
    for (let a: Element | null = inside ? element : element.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      const own: number[][][] = [];
      const stops = s.backgroundImage.includes('gradient') ? (s.backgroundImage.match(colourIn) ?? []) : [];
      if (stops.length > 0) own.push(stops.map(rgba));
      const fill = rgba(s.backgroundColor);
      if (fill[3]! > 0) own.push([fill]);
      layers.push(...own);
      if (own.some((layer) => layer.every((c) => c[3]! >= 1))) break;
    }
    let behind: number[][] = [[255, 255, 255]];
    for (const layer of layers.reverse()) behind = behind.flatMap((b) => layer.map((c) => over(c, b))).slice(0, 64);
    let worst = { ratio: Infinity, background: behind[0]!, shown: colour };
    for (const b of behind) {
      const shown = over(colour, b);
      const ratio = contrast(shown, b);
      if (ratio < worst.ratio) worst = { ratio, background: b, shown };
    }
    const css = (c: number[]) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')})`;
    return {
      focusVisible: element.matches(':focus-visible'),
      kind,
      width,
      ratio: kind === 'none' ? 0 : Math.round(worst.ratio * 100) / 100,
      color: kind === 'none' ? '' : css(worst.shown),
      background: css(worst.background),
    };
  });
}
