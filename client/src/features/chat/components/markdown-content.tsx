import { memo, useMemo } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { useMathPlugins } from '../hooks/use-math-plugins';
import { hasMath, normaliseMath } from '../lib/math-text';
import { chatText } from '../texts';
import { CodeBlock } from './code-block';
import './chat-styles.css';

/**
 * Only http(s), mailto and same-site links survive; anything else (javascript:, data:, vbscript:)
 * becomes an empty href. react-markdown's own transform already drops unsafe protocols; this is
 * the belt to its braces.
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (cleaned === '') return '';
  const normalised = cleaned.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:/.test(normalised) && !/^(https?|mailto):/.test(normalised)) return '';
  return cleaned;
}

const components: Components = {
  pre: ({ node: _node, ...props }) => <CodeBlock {...props} />,
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span className="text-slate-500 underline decoration-dotted">{children}</span>
    ),
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-xl border border-slate-200">
      <table {...props} />
    </div>
  ),
  // Only our own files: an outside image would tell a third party who read the reply, and when.
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src.startsWith('/api/') ? (
      <img src={src} alt={alt ?? ''} loading="lazy" className="my-2 max-h-96 rounded-xl" />
    ) : (
      <span className="text-slate-500">{chatText('markdown.image', { alt: alt || chatText('markdown.externalImage') })}</span>
    ),
};

/**
 * react-markdown builds its processor on every render, and rehype-highlight registers and
 * compiles highlight.js's languages each time its plugin is set up: most of a reply's render
 * time. Set up once here, every reply shares one highlighter and its compiled grammars.
 */
const highlightCode = rehypeHighlight({ detect: false });
const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];
const rehypePlugins: Options['rehypePlugins'] = [() => highlightCode];

/**
 * A reply's Markdown: GFM tables and lists, highlighted code with its language and a Copy button,
 * math through KaTeX (loaded with the first reply that has some), never raw HTML (`skipHtml`: tags
 * in the text are dropped, not rendered, and nothing in them runs).
 */
export const MarkdownContent = memo(function MarkdownContent({ text }: { text: string }) {
  const source = useMemo(() => normaliseMath(text), [text]);
  const math = useMathPlugins(hasMath(source));
  const plugins = useMemo(
    () =>
      math
        ? { remark: [remarkGfm, [...math.remarkMathPlugin]] as Options['remarkPlugins'], rehype: [[...math.rehypeKatexPlugin], () => highlightCode] as Options['rehypePlugins'] }
        : { remark: remarkPlugins, rehype: rehypePlugins },
    [math],
  );
  return (
    <div className="markdown-body">
      <ReactMarkdown
        remarkPlugins={plugins.remark}
        rehypePlugins={plugins.rehype}
        urlTransform={safeUrl}
        skipHtml
        components={components}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
});
