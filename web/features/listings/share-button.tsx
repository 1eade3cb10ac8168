import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useTranslation } from '@web/lib/use-translation';
import { Share2 } from 'lucide-react';

/** The system share sheet where there is one (phones), else the link copied with a notice. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('listings');
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the sheet is no failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', title: t('detail.shareCopied') });
    } catch {
      notify({ type: 'error', title: t('detail.shareFailed') });
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void share()} data-testid="share-button">
      <Share2 aria-hidden="true" />
      {t('detail.share')}
    </Button>
  );
}
