import { HOME_LATEST } from '@common/limits';
import { FavoriteButton } from '@web/components/favorite-button';
import { Button } from '@web/components/ui/button';
import { ArrowRight, Lock, PlusCircle, Search, ShieldCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AD_GRID_CLASS, AdCard, AdCardSkeleton } from './ad-card';
import { useLatestAds } from './listings-api';

const FEATURES = [
  { key: 'verified', Icon: ShieldCheck },
  { key: 'secure', Icon: Lock },
  { key: 'quick', Icon: Zap },
] as const;

export function HomePage() {
  const { t } = useTranslation('listings');
  const latest = useLatestAds();

  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <section className="-mx-3 -mt-6 bg-primary px-4 py-12 text-primary-foreground sm:mx-0 sm:mt-0 sm:rounded-xl sm:px-10 sm:py-16">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-4 text-base text-primary-foreground/85 sm:text-lg">{t('home.heroText')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/browse">
                <Search aria-hidden="true" />
                {t('home.browse')}
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to="/post-ad">
                <PlusCircle aria-hidden="true" />
                {t('home.postAd')}
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          {t('home.featuresHeading')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="flex gap-3 rounded-lg border bg-card p-4 sm:flex-col sm:p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold">{t(`home.features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`home.features.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="latest-heading" className="flex flex-col gap-4">
        <div className="flex items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-2xl font-bold tracking-tight">
            {t('home.latest')}
          </h2>
          <Link
            to="/browse"
            className="flex shrink-0 items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
          >
            {t('home.viewAll')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        {latest.isPending ? (
          <div className={AD_GRID_CLASS} aria-busy="true">
            <span className="sr-only" role="status">
              {t('common.loading')}
            </span>
            {Array.from({ length: HOME_LATEST }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <AdCardSkeleton key={i} />
            ))}
          </div>
        ) : latest.data?.length ? (
          <ul className={AD_GRID_CLASS}>
            {latest.data.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} action={<FavoriteButton adId={ad.id} />} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {t('home.empty')}
          </p>
        )}
      </section>
    </div>
  );
}
