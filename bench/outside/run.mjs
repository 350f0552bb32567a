// bench/outside: Genie measured from outside the suite (issue 48), as a user runs it.
// Usage: node bench/outside/run.mjs [chat] [read] [start] [library]   (no argument: all four)
// Prints a line per figure and writes the section "Measured from outside (bench/outside)" of
// bench/results.md. Each figure starts its own `npm start` and fake model server; PostgreSQL is
// measured beside PGlite (chat and read) when DATABASE_URL is set.
import { measureChat } from './chat.mjs';
import { measureLibrary } from './library.mjs';
import { measureRead } from './read.mjs';
import { tableLine, writeSection } from './results-section.mjs';
import { measureStart } from './start.mjs';

const FIGURES = { chat: measureChat, read: measureRead, start: measureStart, library: measureLibrary };
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in FIGURES));
if (unknown.length) {
  console.error(`unknown figure ${unknown.join(', ')}; figures: ${Object.keys(FIGURES).join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(FIGURES);
const began = performance.now();
const rows = [];
for (const name of names) {
  const started = performance.now();
  const measured = await FIGURES[name]();
  for (const row of measured) console.log(tableLine(row));
  console.log(`(${name}: ${Math.round((performance.now() - started) / 1000)} s)`);
  rows.push(...measured);
}
const minutes = Math.round((performance.now() - began) / 6000) / 10;
writeSection(rows, { command: `node bench/outside/run.mjs ${asked.join(' ')}`.trim(), minutes });
console.log(`bench/results.md: section "Measured from outside (bench/outside)" written (${minutes} min)`);
