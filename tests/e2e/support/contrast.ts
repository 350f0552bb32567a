import type { Page } from 'playwright-core';

/** One piece of visible text whose contrast with what is behind it is below WCAG 2.x AA. */
export interface ContrastFailure {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/**
 * WCAG 2.x contrast of every visible text on the page against the colour behind it: each element's
 * own text is checked once, its colour (with its alpha and every ancestor's opacity) laid over the
 * ancestors' background colours until an opaque one. Colours are converted to sRGB by a canvas, so
 * oklch() and color-mix() from the theme palette count as the browser paints them. Text over an
 * image or a gradient is skipped (the colour behind each letter is not one colour), as are hidden,
 * screen-reader-only and disabled elements (WCAG exempts inactive controls). AA: 4.5:1, or 3:1 for
 * large text (24 px, or 18.66 px bold).
 */
export function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const failures: { text: string; ratio: number; required: number; color: string; background: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      const own = Array.from(element.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      if (own === '' || !/[\p{L}\p{N}]/u.test(own)) continue;
      if (element.closest('[disabled], [aria-disabled="true"], [aria-hidden="true"], .katex-mathml, svg')) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible' || !element.checkVisibility({ opacityProperty: true })) continue;
      if (rect.bottom < 0 || rect.right < 0 || rect.top > innerHeight || rect.left > innerWidth) continue; // off screen
      let opacity = 1;
      const layers: number[][] = [];
      let skipped = false;
      for (let at: HTMLElement | null = element; at; at = at.parentElement) {
        const s = getComputedStyle(at);
        opacity *= Number(s.opacity);
        if (s.backgroundImage !== 'none') {
          skipped = true;
          break;
        }
        const bg = rgba(s.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      if (skipped) continue;
      const canvasColour = rgba(getComputedStyle(document.documentElement).backgroundColor);
      let behind = canvasColour[3] > 0 ? canvasColour.slice(0, 3) : [255, 255, 255];
      for (const layer of layers.reverse()) behind = over(layer, behind);
      const text = rgba(style.color);
      text[3] *= opacity;
      const shown = over(text, behind);
      const [l1, l2] = [luminance(shown), luminance(behind)].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.005) {
        failures.push({
          text: own.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: `rgb(${shown.map(Math.round).join(' ')})`,
          background: `rgb(${behind.map(Math.round).join(' ')})`,
        });
      }
    }
    return failures;
  });
}
