import { CopyField } from '@/components/copy-field';
import { useScreen } from '@/lib/screen';

/**
 * An invitation link to copy: shown in full (selectable by hand too) with a Copy button. Without
 * PUBLIC_URL the server gives the path alone (it never builds a link from a request's Host), and
 * this page's own address completes it.
 */
export function CopyLink({ url: given, label }: { url: string; label: string }) {
  const url = useScreen().onServer ? given : new URL(given, window.location.origin).href;
  return <CopyField value={url} label={label} />;
}
