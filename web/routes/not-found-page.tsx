import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
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
