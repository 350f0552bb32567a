import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

/**
 * KaTeX and its remark/rehype plugins, in their own chunk: fetched the first time a reply has
 * math, never by the landing page or a chat without math. Single dollars stay text (prices);
 * math-text.ts turns real single-dollar math into double dollars first. KaTeX runs untrusted
 * (`trust: false`: no \href, \url, \includegraphics or \html* commands) and writes elements,
 * not an HTML string, so react-markdown's no-HTML rule still holds.
 */
export const remarkMathPlugin = [remarkMath, { singleDollarTextMath: false }] as const;
export const rehypeKatexPlugin = [rehypeKatex, { trust: false, strict: 'ignore', throwOnError: false, output: 'htmlAndMathml' }] as const;
