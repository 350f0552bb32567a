import type { Page } from 'playwright-core';

/** Colour sums done in the page, where the measures of contrast.ts and focus-indicator.ts run. */
export interface ColourMaths {
  /** Any CSS colour (oklch() and color-mix() included) as the browser paints it: [r, g, b, alpha 0-1]. */
  rgba(css: string): number[];
  /** `top` composed over the opaque `bottom`. */
  over(top: number[], bottom: number[]): number[];
  /** WCAG 2.x contrast ratio of two opaque colours. */
  contrast(a: number[], b: number[]): number;
}

/**
 * Puts the colour sums on the page as `window.genieColourMaths`, for code run by page.evaluate,
 * which cannot import: written once here instead of in each measure. A navigation clears it, so a
 * measure installs it before each use.
 */
export function installColourMaths(page: Page): Promise<void> {
  return page.evaluate(() => {
    const holder = window as unknown as { genieColourMaths?: ColourMaths };
    if (holder.genieColourMaths) return;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): number[] => {
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
    const contrast = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    holder.genieColourMaths = { rgba, over, contrast };
  });
}
