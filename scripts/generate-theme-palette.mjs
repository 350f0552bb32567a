import { readFileSync, writeFileSync } from 'node:fs';
const theme = readFileSync('node_modules/tailwindcss/theme.css', 'utf8');
const value = (name) => { const m = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(theme); if (!m) throw new Error(name); return m[1].trim(); };
const genie = { 50: '#f5f3ff', 100: '#ede9fe', 200: '#ddd6fe', 300: '#c4b5fd', 400: '#a78bfa', 500: '#8b5cf6', 600: '#7c3aed', 700: '#6d28d9', 800: '#5b21b6', 900: '#4c1d95', 950: '#2e1065' };
const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const accents = ['genie', 'amber', 'emerald', 'red', 'sky', 'rose', 'orange', 'pink', 'indigo', 'violet', 'blue', 'fuchsia', 'green', 'yellow', 'purple'];
const v = (family, step) => (family === 'genie' ? genie[step] : value(`${family}-${step}`));
const SURFACE = v('slate', 900);
// Neutrals turn over: page and card backgrounds go dark, text goes light.
const slateDark = { 50: v('slate', 950), 100: v('slate', 800), 200: v('slate', 700), 300: v('slate', 600), 400: v('slate', 500), 500: v('slate', 400), 600: v('slate', 300), 700: v('slate', 200), 800: v('slate', 100), 900: v('slate', 50), 950: '#ffffff' };
// Accents: tints (50–300) become dark washes of the colour, ink (700–950) becomes light; 400–600 (buttons, badges) stay.
const accentDark = (f) => ({
  50: `color-mix(in oklab, ${v(f, 950)} 45%, ${SURFACE})`,
  100: `color-mix(in oklab, ${v(f, 900)} 60%, ${SURFACE})`,
  200: `color-mix(in oklab, ${v(f, 800)} 75%, ${SURFACE})`,
  300: v(f, 700), 400: v(f, 400), 500: v(f, 500), 600: v(f, 600), 700: v(f, 300), 800: v(f, 200), 900: v(f, 100), 950: v(f, 50),
});
const block = (map) => Object.entries(map).map(([k, val]) => `  --color-${k}: ${val};`).join('\n');
const light = {}, dark = {};
for (const s of steps) { light[`slate-${s}`] = v('slate', s); dark[`slate-${s}`] = slateDark[s]; }
for (const f of accents) { const d = accentDark(f); for (const s of steps) { light[`${f}-${s}`] = v(f, s); dark[`${f}-${s}`] = d[s]; } }
const css = `/* Generated from Tailwind's palette by scripts/generate-theme-palette.mjs (see client/src/components/README.md,
   "Staying theme-correct"); change the mapping there and rerun it, not by hand. */
/* Dark theme: the palette itself turns over, so every utility (bg-, text-, border-, ring-, hover:,
   /opacity) of every page follows without a dark: variant. */
:root[data-theme='dark'] {
  color-scheme: dark;
${block(dark)}
}
/* Elements that draw their own dark surface in both themes (the chat sidebar, the landing hero,
   code blocks, tooltips) keep the light palette inside them. */
:root[data-theme='dark'] .fixed-palette {
${block(light)}
}
`;
writeFileSync('client/src/theme-palette.css', css);
