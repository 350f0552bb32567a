import { useEffect, type RefObject } from 'react';

/**
 * While the calling component is shown, everything on the page outside `ref`'s element is inert:
 * a full-screen dialog's page behind it takes no click and no focus, and screen readers do not
 * read it (issue 44). Each sibling of the element and of its ancestors up to <body> is marked;
 * on close only those this marked are restored, so what was inert before stays so.
 */
export function useInertOutside(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const marked: Element[] = [];
    for (let node = ref.current; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement?.children ?? []) {
        if (sibling === node || sibling.hasAttribute('inert')) continue;
        sibling.setAttribute('inert', '');
        marked.push(sibling);
      }
    }
    return () => marked.forEach((element) => element.removeAttribute('inert'));
  }, [ref]);
}
