import { Check, Copy } from 'lucide-react';
import { useRef, useState, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { isValidElement } from 'react';
import { copyText } from '../lib/copy-text';
import { codeLanguageLabel } from '../lib/code-language';
import { useChatTexts } from '../texts';

/** The `language-xyz` class remark puts on a fenced block's <code>, as xyz (none for a bare fence). */
function languageOf(children: ReactNode): string | undefined {
  const code = Array.isArray(children) ? children[0] : children;
  if (!isValidElement(code)) return undefined;
  const className = (code as ReactElement<{ className?: string }>).props.className ?? '';
  return /(?:^|\s)language-([\w+#.-]+)/.exec(className)?.[1];
}

/**
 * A fenced code block with a bar above it: the language's name on the left, a Copy button on the
 * right. Copy takes the code's text as the reader sees it (highlighting spans carry no text of
 * their own), so what lands on the clipboard is exactly the code.
 */
export function CodeBlock({ children, ...props }: ComponentPropsWithoutRef<'pre'>) {
  const { t } = useChatTexts();
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);
  // A fence that names no language is labelled in the page's language; a language's name is a name.
  const label = language ? codeLanguageLabel(language) : t('code.code');

  const onCopy = async () => {
    const text = preRef.current?.textContent ?? '';
    if (await copyText(text.replace(/\n$/, ''))) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };

  return (
    <div className="code-block fixed-palette my-3 overflow-hidden rounded-xl border border-slate-800 bg-[#0d1117]">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5 text-xs text-slate-300">
        <span data-testid="code-language" className="font-medium">{label}</span>
        <button
          type="button"
          onClick={() => void onCopy()}
          aria-label={copied ? t('code.copied') : language ? t('code.copyLanguage', { language: label }) : t('code.copy')}
          className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-slate-300 hover:bg-white/10 hover:text-white"
        >
          {copied ? <Check aria-hidden="true" className="h-3.5 w-3.5" /> : <Copy aria-hidden="true" className="h-3.5 w-3.5" />}
          <span aria-live="polite">{copied ? t('actions.copied') : t('actions.copy')}</span>
        </button>
      </div>
      <pre ref={preRef} {...props}>
        {children}
      </pre>
    </div>
  );
}
