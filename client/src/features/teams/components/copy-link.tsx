import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * An invitation link to copy: shown in full (selectable by hand too) with a Copy button. Without
 * PUBLIC_URL the server gives the path alone (it never builds a link from a request's Host), and
 * this page's own address completes it.
 */
export function CopyLink({ url: given, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const url = typeof window === 'undefined' ? given : new URL(given, window.location.origin).href;
  return (
    <div className="flex gap-2">
      <Input readOnly value={url} aria-label={label} className="min-w-0 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      <Button
        variant="outline"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          } catch {
            // No clipboard (an insecure origin, a refused permission): the field stays selectable.
          }
        }}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
