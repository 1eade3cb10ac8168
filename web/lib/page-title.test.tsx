import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from './page-title';
import { routeTitleKey } from './route-title';

afterEach(cleanup);

function Title({ title, priority }: { title: string | null; priority?: number }) {
  usePageTitle(title, priority);
  return null;
}

describe('usePageTitle', () => {
  it('names the tab after the page, the most specific asker winning, and follows changes', () => {
    const view = render(
      <>
        <Title title="Anunț" priority={0} />
        <Title title="Glock 17 — 3.900 RON" />
      </>,
    );
    expect(document.title).toBe('Glock 17 — 3.900 RON | ArmaMarket');
    // The layout's route title changes language after the page's: the page's still wins.
    view.rerender(
      <>
        <Title title="Ad" priority={0} />
        <Title title="Glock 17 — RON 3,900" />
      </>,
    );
    expect(document.title).toBe('Glock 17 — RON 3,900 | ArmaMarket');
    view.rerender(<Title title="Favorite" priority={0} />);
    expect(document.title).toBe('Favorite | ArmaMarket');
    view.rerender(<Title title="ArmaMarket — arme second-hand" priority={0} />);
    expect(document.title).toBe('ArmaMarket — arme second-hand');
  });
});

describe('routeTitleKey', () => {
  it('names every page of the app, dashboard and admin pages included', () => {
    expect(routeTitleKey('/')).toBe('titles.home');
    expect(routeTitleKey('/browse')).toBe('titles.browse');
    expect(routeTitleKey('/auth', '?mode=register&next=%2F')).toBe('titles.register');
    expect(routeTitleKey('/auth', '?mode=login')).toBe('titles.signIn');
    expect(routeTitleKey('/ad/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe('titles.ad');
    expect(routeTitleKey('/ad/1b9d6bcd/edit')).toBe('titles.editAd');
    expect(routeTitleKey('/seller/abc')).toBe('titles.seller');
    expect(routeTitleKey('/dashboard/')).toBe('titles.dashboard');
    expect(routeTitleKey('/dashboard/saved-searches')).toBe('titles.savedSearches');
    expect(routeTitleKey('/dashboard/messages/abc')).toBe('titles.conversation');
    expect(routeTitleKey('/admin')).toBe('titles.adminQueue');
    expect(routeTitleKey('/admin/audit')).toBe('titles.adminAudit');
    expect(routeTitleKey('/no/such/page')).toBeNull();
  });

  it('has every key it names in both catalogs', async () => {
    const { readFileSync } = await import('node:fs');
    const paths = [
      '/',
      '/browse',
      '/auth/verified',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/post-ad',
      '/renew',
      '/unsubscribe',
      '/dashboard',
      '/dashboard/listings',
      '/dashboard/messages',
      '/dashboard/saved-searches',
      '/dashboard/favorites',
      '/dashboard/settings',
      '/admin',
      '/admin/reports',
      '/admin/users',
      '/admin/dealers',
      '/admin/audit',
      '/ad/x',
      '/ad/x/edit',
      '/seller/x',
      '/dashboard/messages/x',
    ];
    const keys = [
      ...paths.map((path) => routeTitleKey(path)),
      'titles.signIn',
      'titles.register',
      'titles.notFound',
    ];
    for (const lng of ['ro', 'en']) {
      const catalog = JSON.parse(readFileSync(`web/public/locales/${lng}/common.json`, 'utf8')) as {
        titles: Record<string, string>;
      };
      for (const key of keys)
        expect(catalog.titles[key!.replace('titles.', '')], `${lng} ${key}`).toBeTruthy();
    }
  });
});
