// Writes the section "Measured from outside (bench/outside)" at the end of bench/results.md,
// replacing the previous one (everything from its heading to the next `## ` heading or the end).
// A run of some figures only keeps the previous section's rows of the others (matched by the
// figure's name, the first cell), so `run.mjs start` does not drop the chat rows.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/processes.mjs';
import { SUITE } from './suite-figures.mjs';

const HEADING = '## Measured from outside (bench/outside)';
const yesNo = (value) => (value === null ? '-' : value ? 'yes' : '**no**');

/** One table line per measured row; `row` as the figure modules return it. */
function line(row) {
  const suite = SUITE[row.key] ?? { value: null, text: 'none', date: '', target: '-', met: () => null };
  const outside = suite.compare ? row[suite.compare] : row.value;
  const agree = suite.value === null ? null : Math.abs(outside - suite.value) <= 0.2 * Math.abs(suite.value);
  const suiteCell = suite.date ? `${suite.text}, run of ${suite.date}` : suite.text;
  return `| ${row.figure} | ${row.text} | ${suiteCell} | ${yesNo(agree)} | ${suite.target} | ${yesNo(suite.met(row))} | ${row.load} |`;
}

/** Under the table: why each freshly measured figure that is not met, or does not agree, parts. */
function notes(rows, previous) {
  const fresh = rows.flatMap((row) => {
    const suite = SUITE[row.key];
    if (!suite?.gap) return [];
    const outside = suite.compare ? row[suite.compare] : row.value;
    const agrees = suite.value === null || Math.abs(outside - suite.value) <= 0.2 * Math.abs(suite.value);
    if (suite.met(row) !== false && agrees) return [];
    return [`- ${row.figure}: ${suite.met(row) === false ? 'not met' : 'met'}${agrees ? '' : ', does not agree with the suite'}; what can be seen: ${suite.gap}.`];
  });
  const lines = [...keptNotes(previous, rows), ...fresh];
  return lines.length ? ['Not met or not agreeing, with the reason seen from outside (the load beside each figure adds to it; the server is not changed by this bench):', '', ...lines, ''] : [];
}

const figureOf = (tableRow) => tableRow.split(' | ')[0];

/** The table rows of the previous section that `fresh` does not measure again. */
function keptRows(previous, fresh) {
  const measured = new Set(fresh.map(figureOf));
  return previous
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Figure |') && !measured.has(figureOf(l)));
}

/** The previous section's notes on the figures `rows` does not measure again. */
function keptNotes(previous, rows) {
  const measured = rows.map((row) => `- ${row.figure}: `);
  return previous.split('\n').filter((l) => l.startsWith('- ') && !measured.some((prefix) => l.startsWith(prefix)));
}

export function writeSection(rows, { command, minutes }) {
  const path = join(ROOT, 'bench/results.md');
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(HEADING);
  const after = start === -1 ? -1 : text.indexOf('\n## ', start + HEADING.length);
  const previous = start === -1 ? '' : text.slice(start, after === -1 ? undefined : after);
  const fresh = rows.map(line);
  const kept = keptRows(previous, fresh);
  const section = [
    HEADING,
    '',
    `Written by \`${command}\` on ${new Date().toISOString()} (${minutes} min): Genie started with \`npm start\` on a fresh DATA_DIR in /tmp, ` +
      'the suite\'s fake model server as its provider, measured only over HTTP. "Agree" is within 20 % of the in-suite figure; "load" is os.loadavg\'s 1-minute figure through the measurement.' +
      (kept.length ? ` ${kept.length} rows not measured by this command are kept from the previous run.` : ''),
    '',
    '| Figure | Outside (bench/outside) | In the suite (results.md) | Agree within 20 % | Target | Met | Load |',
    '|---|---|---|---|---|---|---|',
    ...kept,
    ...fresh,
    '',
    ...notes(rows, previous),
  ].join('\n');
  const next = start === -1 ? text.trimEnd() + '\n\n' + section : text.slice(0, start) + section + (after === -1 ? '' : text.slice(after + 1));
  writeFileSync(path, next);
}

export { line as tableLine };
