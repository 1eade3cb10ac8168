import { usePageTitle } from '@web/lib/page-title';
import { useTranslation } from '@web/lib/use-translation';
import { Link } from 'react-router';

/** An unknown address is the visitor's slip, not the app's fault: it logs nothing (issue 26). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">{t('notFound.title')}</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:text-primary/80">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
