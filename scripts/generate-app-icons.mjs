// Draws the installed app's icons (client/public/icons/) in Chromium from the logo the site
// header shows (the genie on the violet-to-indigo square), so they match without an image editor.
// Run by hand after changing the logo: node scripts/generate-app-icons.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../client/public/icons/', import.meta.url));
// maskable: the launcher may crop to a circle of 80% of the width, so the genie sits well inside it
// and the colour runs to the edges; "any": a rounded square on transparency.
const icons = [
  { name: 'icon-192.png', size: 192, maskable: false },
  { name: 'icon-512.png', size: 512, maskable: false },
  { name: 'icon-maskable-512.png', size: 512, maskable: true },
  { name: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
for (const icon of icons) {
  const radius = icon.maskable ? 0 : icon.size * 0.22;
  const glyph = icon.size * (icon.maskable ? 0.5 : 0.66);
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">
    <div style="width:${icon.size}px;height:${icon.size}px;border-radius:${radius}px;background:linear-gradient(135deg,#8b5cf6,#4f46e5);
      display:grid;place-items:center;font-size:${glyph}px;line-height:1">🧞</div></body></html>`);
  await page.screenshot({ path: out + icon.name, omitBackground: true });
}
await browser.close();
