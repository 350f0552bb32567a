import { convert, type HtmlToTextOptions } from 'html-to-text';
import { Parser } from 'htmlparser2';
import { ExtractionLimitError, MAX_MARKUP_DEPTH, type ExtractedText } from '../limits';
import { countWords, TextCollector } from '../text-collector';

/**
 * HTML as plain text through html-to-text (htmlparser2 underneath: one pass over the markup, where
 * the tag-stripping regexes it replaces were quadratic on unclosed tags). Scripts, styles and
 * images are dropped, link addresses are left out, block elements end their line.
 */
const blockOnOwnLine = { leadingLineBreaks: 1, trailingLineBreaks: 1 };
const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'p', options: blockOnOwnLine },
    { selector: 'table', format: 'dataTable' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { ...blockOnOwnLine, uppercase: false } })),
  ],
};

/**
 * Refuses markup nested deeper than MAX_MARKUP_DEPTH, in one streaming pass that keeps no tree:
 * html-to-text would otherwise show everything below that depth as "..." and the file would seem
 * to hold no text at all. Implied and void elements close as the browser closes them.
 */
export function assertMarkupDepth(html: string) {
  let depth = 0;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      if (depth > MAX_MARKUP_DEPTH) {
        parser.pause();
        throw new ExtractionLimitError({ reason: 'too_deep', limit: MAX_MARKUP_DEPTH });
      }
    },
    onclosetag() {
      depth -= 1;
    },
  });
  parser.write(html);
  parser.end();
}

export function htmlToText(html: string): string {
  assertMarkupDepth(html);
  // The input is already capped in bytes.
  return convert(html, { ...OPTIONS, limits: { maxInputLength: html.length, maxDepth: MAX_MARKUP_DEPTH + 1 } });
}

/**
 * HTML as text with each heading on a line of its own that starts with "# ": how the indexer
 * knows which heading a passage falls under (and weighs it). DOCX goes this way too, through
 * mammoth's HTML.
 */
export function htmlToMarkedText(html: string): string {
  assertMarkupDepth(html);
  return convert(html, {
    ...OPTIONS,
    selectors: [...OPTIONS.selectors!, ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'markedHeading' }))],
    formatters: {
      markedHeading(element, walk, builder) {
        builder.openBlock({ leadingLineBreaks: 2 });
        builder.addInline('# ');
        walk(element.children, builder);
        builder.closeBlock({ trailingLineBreaks: 1 });
      },
    },
    limits: { maxInputLength: html.length, maxDepth: MAX_MARKUP_DEPTH + 1 },
  });
}

export function extractHtml(bytes: Buffer, maxChars: number): ExtractedText {
  const text = htmlToText(new TextDecoder('utf-8').decode(bytes));
  const collector = new TextCollector(maxChars);
  collector.push(text);
  return { text: collector.text, truncated: collector.truncated, readWhole: true, wordCount: countWords(text) };
}
