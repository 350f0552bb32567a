// docs/decisions.md keeps an index by area at its top (between the two markers below): every
// `## ` section is linked from it once. `node scripts/lint/decisions-index.mjs` checks it; with
// `--write <area>` it appends the sections the index misses to that area, so a new section is
// one command away from being found.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../../docs/decisions.md', import.meta.url));
const START = '<!-- index:start -->';
const END = '<!-- index:end -->';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

export function missingFromIndex(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) return { error: `docs/decisions.md has no index between ${START} and ${END}.` };
  const index = text.slice(start, end);
  const body = text.slice(end);
  const headings = [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
  const linked = new Set([...index.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]));
  const anchors = new Set(headings.map(anchorOf));
  return {
    missing: headings.filter((h) => !linked.has(anchorOf(h))),
    dangling: [...linked].filter((a) => !anchors.has(a)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(file, 'utf8');
  const result = missingFromIndex(text);
  if (result.error) {
    console.error(result.error);
    process.exit(1);
  }
  const area = process.argv[2] === '--write' ? process.argv[3] : undefined;
  if (area && result.missing.length > 0) {
    const end = text.indexOf(END);
    const areaLine = text.lastIndexOf(`\n- **${area}:**`, end);
    if (areaLine === -1) {
      console.error(`No area "${area}" in the index.`);
      process.exit(1);
    }
    const lineEnd = text.indexOf('\n', areaLine + 1);
    const links = result.missing.map((h) => ` [${h}](#${anchorOf(h)})`).join(' ·');
    writeFileSync(file, `${text.slice(0, lineEnd)} ·${links}${text.slice(lineEnd)}`);
    console.log(`Indexed under ${area}: ${result.missing.join('; ')}`);
  } else if (result.missing.length > 0 || result.dangling.length > 0) {
    for (const h of result.missing) console.error(`docs/decisions.md: "## ${h}" is not in the index at the top (node scripts/lint/decisions-index.mjs --write <area>).`);
    for (const a of result.dangling) console.error(`docs/decisions.md: the index links #${a}, which no section has.`);
    process.exit(1);
  } else {
    console.log(`docs/decisions.md: ${text.slice(text.indexOf(END)).match(/^## /gm).length} sections, all in the index.`);
  }
}
