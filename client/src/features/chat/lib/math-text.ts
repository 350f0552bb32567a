/**
 * Replies write math four ways: `$x$`, `$$x$$`, `\(x\)` and `\[x\]`. remark-math reads only
 * dollars, and its single-dollar rule would turn prices ("$5 and $10") into math, so it runs with
 * single dollars off and this rewrites the other forms into double dollars first:
 * - `\(x\)` and a single-dollar span that follows Pandoc's rule (no space just inside either
 *   dollar, no digit just after the closing one) become inline `$$x$$`;
 * - `\[x\]` becomes a display block.
 * Code (fenced blocks and inline spans) is left exactly as written.
 */
const CODE = /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/;
const DISPLAY = /\\\[([\s\S]+?)\\\]/g;
const INLINE_PAREN = /\\\(([\s\S]+?)\\\)/g;
const SINGLE_DOLLAR = /(?<![\\$\w])\$(?=[^\s$])([^$\n]*?[^\s$\\])\$(?![\d$])/g;

function rewriteProse(prose: string): string {
  return prose
    .replace(DISPLAY, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(INLINE_PAREN, (_, body: string) => `$$${body.trim()}$$`)
    .replace(SINGLE_DOLLAR, (_, body: string) => `$$${body}$$`);
}

export function normaliseMath(text: string): string {
  return text
    .split(CODE)
    .map((part, index) => (index % 2 === 1 ? part : rewriteProse(part)))
    .join('');
}

/** Whether a (normalised) reply has math, so KaTeX is fetched only for replies that need it. */
export function hasMath(normalised: string): boolean {
  return normalised.split(CODE).some((part, index) => index % 2 === 0 && /\$\$[\s\S]+?\$\$/.test(part));
}
