import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFilesTexts } from '../texts';

/**
 * The end of a paged list, as a button for keyboards and screen readers: the virtual list and
 * grid load the next page themselves as their end scrolls near (useVirtualRows). It no longer
 * watches itself come into view: below a scroll box it is always in view, and it would load
 * every page at once.
 */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const { t } = useFilesTexts();
  return (
    <div className="flex justify-center py-2">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading && <Spinner />}
        {loading ? t('loadingMore') : t('loadMore')}
      </Button>
    </div>
  );
}
