import { HOME_LATEST } from '@common/limits';
import { FavoriteButton } from '@web/components/favorite-button';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { ArrowRight, Lock, PlusCircle, Search, ShieldCheck, Zap } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { AD_GRID_CLASS, AdCard, AdCardSkeleton } from './ad-card';
import { useLatestAds } from './listings-api';

const FEATURES = [
  { key: 'verified', Icon: ShieldCheck },
  { key: 'secure', Icon: Lock },
  { key: 'quick', Icon: Zap },
] as const;

/** Search first: the hero's field goes to /browse (a plain GET form, so it works before the app). */
function HeroSearch() {
  const { t } = useTranslation('listings');
  const navigate = useNavigate();
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/browse?${new URLSearchParams({ q })}` : '/browse');
  };
  return (
    <search>
      <form action="/browse" method="get" onSubmit={onSubmit} className="mt-4 flex gap-2 sm:mt-6">
        <label htmlFor={id} className="sr-only">
          {t('home.searchLabel')}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder={t('home.searchPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-md border-0 bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground"
        />
        <Button type="submit" size="lg" variant="secondary" className="h-11 shrink-0">
          <Search aria-hidden="true" />
          <span className="max-[360px]:sr-only">{t('home.searchButton')}</span>
        </Button>
      </form>
    </search>
  );
}

export function HomePage() {
  const { t } = useTranslation('listings');
  const latest = useLatestAds();

  return (
    <div className="flex flex-col gap-6 sm:gap-12">
      <section className="-mx-3 -mt-6 bg-primary px-4 py-5 text-primary-foreground sm:mx-0 sm:mt-0 sm:rounded-xl sm:px-10 sm:py-12">
        <div className="max-w-2xl">
          <h1 className="text-xl font-bold tracking-tight text-balance sm:text-4xl">{t('home.heroTitle')}</h1>
          <p className="mt-3 hidden text-primary-foreground/85 sm:block sm:text-lg">{t('home.heroText')}</p>
          <HeroSearch />
          <Link
            to="/post-ad"
            className="mt-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground"
          >
            <PlusCircle className="size-4" aria-hidden="true" />
            {t('home.postAd')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="latest-heading" className="flex flex-col gap-3">
        <div className="flex items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
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
        ) : latest.isError && !latest.data ? (
          <LoadError message={t('home.loadError')} query={latest} />
        ) : latest.data?.length ? (
          <ul className={AD_GRID_CLASS}>
            {latest.data.map((ad, index) => (
              <li key={ad.id}>
                <AdCard ad={ad} priority={index === 0} action={<FavoriteButton adId={ad.id} />} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {t('home.empty')}
          </p>
        )}
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
    </div>
  );
}
