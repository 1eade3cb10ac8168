import { countyName } from '@common/counties';
import type { AdCard } from '@common/schemas/ads';
import type { SellerProfile } from '@common/schemas/sellers';
import { AccountMarks } from '@web/components/account-marks';
import { DealerBadge } from '@web/components/dealer-badge';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import {
  BadgeCheck,
  CalendarDays,
  Loader2,
  MailWarning,
  MapPin,
  MessageSquareText,
  PackageCheck,
  SearchX,
  Tag,
  UserX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatMonth, replyBucket } from './profile-text';
import { isSellerNotFound, useSellerAds, useSellerProfile } from './sellers-api';

type SellerPageProps = {
  /**
   * Lays the seller's ads out. The ad card belongs to the listings feature, so the app composes it
   * in (web/routes/seller-route.tsx) and this feature imports no other.
   */
  renderAds(ads: AdCard[]): ReactNode;
  /** Issue 28: the seller's score and ratings, from the deals feature (composed in by the route). */
  renderRatings?: (sellerId: string) => ReactNode;
};

/** /seller/{id}: who sells, how they answer, and what they have listed now. Never how to reach them. */
export function SellerPage({ renderAds, renderRatings }: SellerPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('sellers');
  const profile = useSellerProfile(id);
  // Asked at once, beside the profile: the server put both answers in the page.
  const ads = useSellerAds(id);

  if (profile.isPending) return <SellerSkeleton />;
  if (profile.isError && isSellerNotFound(profile.error)) return <SellerNotFound />;
  if (profile.isError) return <LoadError message={t('loadError')} query={profile} className="my-6" />;

  const items = ads.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <SellerHeader seller={profile.data} />
      {renderRatings?.(profile.data.id)}
      <section aria-labelledby="seller-ads-heading" className="flex flex-col gap-4">
        <h2 id="seller-ads-heading" className="text-xl font-semibold">
          {t('ads.title')} <span className="text-muted-foreground">({profile.data.counts.active})</span>
        </h2>
        {ads.isPending ? (
          <AdsSkeleton />
        ) : ads.isError ? (
          <LoadError message={t('ads.loadError')} query={ads} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
            <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('ads.empty')}</p>
            <p className="text-sm text-muted-foreground">{t('ads.emptyHint')}</p>
            <Button asChild variant="outline" className="mt-2">
              <Link to="/browse">{t('ads.browse')}</Link>
            </Button>
          </div>
        ) : (
          renderAds(items)
        )}
        {ads.isFetchNextPageError ? (
          <LoadError
            message={t('ads.moreError')}
            query={{ refetch: () => ads.fetchNextPage(), isFetching: ads.isFetchingNextPage }}
            compact
          />
        ) : (
          ads.hasNextPage && (
            <div className="flex justify-center py-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => void ads.fetchNextPage()}
                disabled={ads.isFetchingNextPage}
              >
                {ads.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                {ads.isFetchingNextPage ? t('ads.loading') : t('ads.loadMore')}
              </Button>
            </div>
          )
        )}
      </section>
    </div>
  );
}

/** "Mihai P." → "MP": the avatar's letters. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .slice(0, 2)
    .toLocaleUpperCase('ro');

function SellerHeader({ seller }: { seller: SellerProfile }) {
  const { t, i18n } = useTranslation('sellers');
  const county = countyName(seller.county);
  return (
    <header className="flex flex-col gap-5 rounded-lg border bg-card p-4 sm:p-6" data-testid="seller-profile">
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xl font-bold text-primary sm:size-16 sm:text-2xl"
        >
          {initialsOf(seller.displayName)}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('eyebrow')}
          </p>
          <h1 className="text-2xl font-bold leading-tight break-words sm:text-3xl">{seller.displayName}</h1>
          <AccountMarks marks={seller} email={false} />
          {seller.dealerName && (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <DealerBadge />
              <span className="font-medium">{seller.dealerName}</span>
            </p>
          )}
          <p className="flex items-center gap-1.5 text-sm">
            {seller.emailVerified ? (
              <BadgeCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
            ) : (
              <MailWarning className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span className={seller.emailVerified ? undefined : 'text-muted-foreground'}>
              {t(seller.emailVerified ? 'emailVerified' : 'emailUnverified')}
            </span>
          </p>
        </div>
      </div>
      {/* Phones: two facts a row, the reply time across; wide screens: one row, the reply time widest. */}
      <dl
        className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', county ? 'lg:grid-cols-6' : 'lg:grid-cols-5')}
        aria-label={t('facts')}
      >
        {county && (
          <Fact icon={<MapPin />} label={t('county')}>
            {county}
          </Fact>
        )}
        <Fact icon={<CalendarDays />} label={t('memberSince')}>
          {formatMonth(seller.memberSince, i18n.language)}
        </Fact>
        <Fact icon={<Tag />} label={t('active')}>
          {seller.counts.active}
        </Fact>
        <Fact icon={<PackageCheck />} label={t('sold')}>
          {seller.counts.sold}
        </Fact>
        <Fact icon={<MessageSquareText />} label={t('replyTime')} wide>
          {seller.replyTime ? (
            <>
              {t(`reply.${replyBucket(seller.replyTime.medianMinutes)}`)}
              <span className="block text-xs font-normal text-muted-foreground">
                {t('reply.basis', { count: seller.replyTime.sample })}
              </span>
            </>
          ) : (
            <span className="font-normal text-muted-foreground">{t('reply.unknown')}</span>
          )}
        </Fact>
      </dl>
    </header>
  );
}

function Fact({
  icon,
  label,
  wide = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('rounded-lg border bg-background p-3', wide && 'col-span-2 sm:col-span-4 lg:col-span-2')}
    >
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
        <span aria-hidden="true" className="contents">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Unknown or deactivated: said kindly, with somewhere to go. */
function SellerNotFound() {
  const { t } = useTranslation('sellers');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center"
      aria-labelledby="seller-missing-heading"
      data-testid="seller-not-found"
    >
      <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="seller-missing-heading" className="text-2xl font-bold">
        {t('notFound.title')}
      </h1>
      <p className="text-muted-foreground">{t('notFound.body')}</p>
      <Button asChild>
        <Link to="/browse">{t('notFound.browse')}</Link>
      </Button>
    </section>
  );
}

function AdsSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      aria-hidden="true"
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="aspect-[4/5] w-full" />
      ))}
    </div>
  );
}

function SellerSkeleton() {
  const { t } = useTranslation('sellers');
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        {t('loading')}
      </span>
      <div className="flex flex-col gap-5 rounded-lg border p-4 sm:p-6">
        <div className="flex items-center gap-4">
          <Skeleton className="size-14 rounded-full sm:size-16" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-4 w-48" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      </div>
      <AdsSkeleton />
    </div>
  );
}
