import { Button } from '@web/components/ui/button';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu, menuLoader } from './deferred-menu';

const popup = menuLoader(() => import('./language-menu-popup'));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'ro';
  return (
    <DeferredMenu
      loader={popup}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('nav.language')} data-testid="language-menu">
          <Globe aria-hidden="true" />
          <span className="hidden uppercase sm:inline">{current}</span>
        </Button>
      }
    />
  );
}
