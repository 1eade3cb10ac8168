import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { Globe } from 'lucide-react';
import { DeferredMenu, menuLoader } from './deferred-menu';

const popup = menuLoader(() => import('./language-menu-popup'));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'ro';
  return (
    <DeferredMenu
      loader={popup}
      trigger={
        // Named by its content ("Limba ro"): a label that left out the visible "RO" would break
        // WCAG 2.5.3 (label in name) where the code shows, from the sm width up.
        <Button variant="ghost" size="sm" className="max-[400px]:px-1.5" data-testid="language-menu">
          <Globe aria-hidden="true" />
          <span className="sr-only">{t('nav.language')} </span>
          <span className="hidden uppercase sm:inline">{current}</span>
        </Button>
      }
    />
  );
}
