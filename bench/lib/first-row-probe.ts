/**
 * An init script for a page of /files: `window.__firstRow` resolves with the time of the first
 * frame after a file tile entered the page (performance.now(), ms after navigation), and
 * `window.__takenOver` with the first frame once the page's scripts have drawn their tiles in place
 * of the server's (client/src/app/server-render.tsx; the same frame when the server drew none).
 * Read them with `page.evaluate('window.__firstRow')`.
 */
export const FIRST_ROW_PROBE = `
  window.__firstRow = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="file-item"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  window.__takenOver = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="file-item"]') || document.querySelector('[data-server-rendered]')) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
`;
