/**
 * ts_headline marks matches between \u0002 and \u0003 (characters taken out of the text first).
 * This turns that into plain text and [start, end) ranges, so no markup ever travels: the client
 * marks the ranges itself, and a passage that contains "<script>" is shown as those characters.
 */
export function splitHighlights(headline: string): { snippet: string; highlights: [number, number][] } {
  let snippet = '';
  const highlights: [number, number][] = [];
  let start = -1;
  for (const char of headline) {
    if (char === '\u0002') start = snippet.length;
    else if (char === '\u0003') {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += char;
  }
  return { snippet: collapse(snippet, highlights).trim(), highlights };
}

/** Runs of whitespace become one space, with the ranges moved to match. */
function collapse(text: string, ranges: [number, number][]): string {
  const map: number[] = [];
  let out = '';
  let lastSpace = false;
  for (let i = 0; i < text.length; i++) {
    map.push(out.length);
    const space = /\s/.test(text[i]!);
    if (space && lastSpace) continue;
    out += space ? ' ' : text[i];
    lastSpace = space;
  }
  map.push(out.length);
  for (const range of ranges) {
    range[0] = map[range[0]]!;
    range[1] = map[range[1]]!;
  }
  return out;
}
