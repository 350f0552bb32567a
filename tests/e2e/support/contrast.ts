import type { Page } from 'playwright-core';
import { installColourMaths, type ColourMaths } from './colour-maths';

/** One piece of visible text whose contrast with what is behind it is below WCAG 2.x AA. */
export interface ContrastFailure {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/**
 * WCAG 2.x contrast of every visible text on the page against what is painted behind it, screen by
 * screen down the page. Each element's own text is checked once: its colour (with its alpha and
 * every ancestor's opacity) over the layers under the text's middle in paint order
 * (`elementsFromPoint`, so a backdrop that is a sibling counts), down to the first opaque one. A
 * gradient is judged at its worst colour stop; text over a picture or painted by a gradient is
 * skipped, as are hidden, screen-reader-only, decorative (aria-hidden) and disabled elements (WCAG exempts inactive controls). Colours are converted
 * to sRGB by a canvas, so oklch() and color-mix() from the theme palette count as the browser paints
 * them. AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  const found = new Map<string, ContrastFailure>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const screen = await page.evaluate(() => innerHeight);
  for (let top = 0; top < height; top += screen) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    for (const failure of await failuresOnScreen(page)) {
      const key = `${failure.text}|${failure.color}|${failure.background}`;
      if (!found.has(key)) found.set(key, failure);
    }
    if (found.size > 50) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...found.values()];
}

async function failuresOnScreen(page: Page): Promise<ContrastFailure[]> {
  await installColourMaths(page);
  return page.evaluate(() => {
    const { rgba, over, contrast } = (window as unknown as { genieColourMaths: ColourMaths }).genieColourMaths;
    /** One element's painted layers, topmost first (its gradient over its colour); null for a picture. */
    const layersOf = (element: Element): number[][][] | null => {
      const s = getComputedStyle(element);
      const layers: number[][][] = [];
      if (s.backgroundImage !== 'none') {
        if (!s.backgroundImage.includes('gradient') || s.backgroundImage.includes('url(')) return null;
        const stops = s.backgroundImage.match(/(?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^()]*\)/g) ?? [];
        if (stops.length === 0) return null;
        layers.push(stops.map(rgba));
      }
      const colour = rgba(s.backgroundColor);
      if (colour[3]! > 0) layers.push([colour]);
      return layers;
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
      // Decorative (aria-hidden) text and inactive controls are exempt from WCAG 1.4.3.
      if (element.closest('[disabled], [aria-disabled="true"], [aria-hidden="true"], .katex-mathml, svg, option')) continue;
      const style = getComputedStyle(element);
      // Text painted by its gradient background (bg-clip-text) has no single colour to measure.
      if (style.backgroundClip === 'text' || style.webkitBackgroundClip === 'text') continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible' || !element.checkVisibility({ opacityProperty: true })) continue;
      const x = Math.min(Math.max(rect.left + Math.min(rect.width / 2, 8), 0), innerWidth - 1);
      const y = rect.top + rect.height / 2;
      if (y < 0 || y >= innerHeight || rect.right < 0 || rect.left >= innerWidth) continue; // not on this screen

      // What is painted under the text: the stack at its middle from the element down, or its ancestors.
      const stack = document.elementsFromPoint(x, y);
      const at = stack.indexOf(element);
      const under: Element[] = at >= 0 ? stack.slice(at) : [];
      if (at < 0) for (let a: Element | null = element; a; a = a.parentElement) under.push(a);
      const layers: number[][][] = [];
      let picture = false;
      for (const below of under) {
        const own = layersOf(below);
        if (!own) {
          picture = true;
          break;
        }
        layers.push(...own);
        if (own.some((layer) => layer.every((c) => c[3]! >= 1))) break;
      }
      if (picture) continue;
      let opacity = 1;
      for (let a: Element | null = element; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);

      let behind: number[][] = [[255, 255, 255]];
      for (const layer of layers.reverse()) behind = behind.flatMap((b) => layer.map((c) => over(c, b))).slice(0, 64);
      const text = rgba(style.color);
      text[3] = text[3]! * opacity;
      let worst = { ratio: Infinity, background: behind[0]!, shown: text };
      for (const b of behind) {
        const shown = over(text, b);
        const ratio = contrast(shown, b);
        if (ratio < worst.ratio) worst = { ratio, background: b, shown };
      }
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (worst.ratio < required - 0.005) {
        failures.push({
          text: own.slice(0, 60),
          ratio: Math.round(worst.ratio * 100) / 100,
          required,
          color: `rgb(${worst.shown.map(Math.round).join(' ')})`,
          background: `rgb(${worst.background.map(Math.round).join(' ')})`,
        });
      }
    }
    return failures;
  });
}
