import type { AdCard } from '@common/schemas/ads';
import type { SellerAdsPage, SellerProfile } from '@common/schemas/sellers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyBucket } from './profile-text';
import { SellerPage } from './seller-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () => json({ error: { code: 'not_found', message: 'Not found' } }, 404);

const profile: SellerProfile = {
  id: 'u1',
  displayName: 'Mihai P.',
  county: 'CJ',
  memberSince: '2026-03',
  emailVerified: true,
  newAccount: false,
  dealerName: null,
  counts: { active: 25, sold: 4 },
  replyTime: { medianMinutes: 150, sample: 7 },
};

const card = (n: number): AdCard => ({
  id: `ad-${n}`,
  title: `Pistol ${n}`,
  category: 'firearms',
  condition: 'good',
  price: 1000 + n,
  location: 'Cluj-Napoca',
  county: 'CJ',
  caliber: null,
  caliberId: null,
  action: null,
  featured: false,
  status: 'approved',
  legalCategory: 'authorisation',
  sellerDealer: false,
  reserved: false,
  sellerScore: null,
  createdAt: new Date().toISOString(),
  publishedAt: new Date().toISOString(),
  image: null,
});

/** Answers the profile and the ads pages from a table of paths. */
function api(routes: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const route = routes[path];
    if (!route) throw new Error(`unexpected fetch ${path}`);
    return route();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(language = 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/seller/u1']}>
          <Routes>
            <Route
              path="/seller/:id"
              element={
                <SellerPage
                  renderAds={(ads) => (
                    <ul>
                      {ads.map((ad) => (
                        <li key={ad.id}>{ad.title}</li>
                      ))}
                    </ul>
                  )}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

// Rendering the whole page in jsdom takes seconds on a busy machine.
describe('SellerPage', { timeout: 20_000 }, () => {
  it('shows the profile in Romanian and the ads, a page at a time', async () => {
    const page1: SellerAdsPage = { items: [card(1), card(2)], nextCursor: 'next' };
    const page2: SellerAdsPage = { items: [card(3)], nextCursor: null };
    const fetch = api({
      '/api/sellers/u1': () => json(profile),
      '/api/sellers/u1/ads': () => json(page1),
      '/api/sellers/u1/ads?cursor=next': () => json(page2),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mihai P.' })).toBeInTheDocument();
    expect(screen.getByText('Adresă de e-mail verificată')).toBeInTheDocument();
    expect(screen.getByText('Cluj')).toBeInTheDocument();
    expect(screen.getByText('martie 2026')).toBeInTheDocument();
    expect(screen.getByText('De obicei răspunde în câteva ore')).toBeInTheDocument();
    expect(screen.getByText('după 7 conversații din ultimele 90 de zile')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Anunțuri active (25)');
    expect(await screen.findByText('Pistol 2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Încarcă mai multe' }));
    expect(await screen.findByText('Pistol 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Încarcă mai multe' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('says so when there is no reply time yet, the e-mail is not verified, and nothing is listed', async () => {
    api({
      '/api/sellers/u1': () =>
        json({
          ...profile,
          county: null,
          emailVerified: false,
          replyTime: null,
          counts: { active: 0, sold: 0 },
        }),
      '/api/sellers/u1/ads': () => json({ items: [], nextCursor: null }),
    });
    renderPage('en');
    expect(await screen.findByText('No active ads')).toBeInTheDocument();
    expect(screen.getByText('E-mail address not verified')).toBeInTheDocument();
    expect(screen.getByText('Too few conversations yet for an estimate')).toBeInTheDocument();
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.queryByText('County')).toBeNull();
    expect(screen.getByRole('link', { name: 'See other ads' })).toHaveAttribute('href', '/browse');
  });

  it('tells kindly that an unknown or deactivated seller does not exist, with a way to the ads', async () => {
    api({ '/api/sellers/u1': notFound, '/api/sellers/u1/ads': notFound });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Vânzătorul nu există' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vezi anunțurile' })).toHaveAttribute('href', '/browse');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that the profile could not be loaded, and Retry asks again', async () => {
    let fail = true;
    const fetch = api({
      '/api/sellers/u1': () =>
        fail ? json({ error: { code: 'internal_error', message: 'x' } }, 500) : json(profile),
      '/api/sellers/u1/ads': () => json({ items: [card(1)], nextCursor: null }),
    });
    renderPage();
    // The hook asks once more before giving up (a second later), as every query does.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Profilul vânzătorului nu a putut fi încărcat.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mihai P.' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Pistol 1')).toBeInTheDocument());
    // The first ask, its one automatic retry, and Retry.
    expect(fetch.mock.calls.filter(([path]) => String(path) === '/api/sellers/u1')).toHaveLength(3);
  });

  it('says that the ads could not be loaded, apart from the profile', async () => {
    api({
      '/api/sellers/u1': () => json(profile),
      '/api/sellers/u1/ads': () => json({ error: { code: 'internal_error', message: 'x' } }, 500),
    });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Anunțurile vânzătorului nu au putut fi încărcate.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mihai P.' })).toBeInTheDocument();
  });
});

describe('replyBucket', () => {
  it.each([
    [3, 'minutes'],
    [14, 'minutes'],
    [15, 'hour'],
    [60, 'hour'],
    [61, 'hours'],
    [360, 'hours'],
    [361, 'day'],
    [1440, 'day'],
    [1441, 'days'],
  ] as const)('%i minutes read as %s', (minutes, bucket) => {
    expect(replyBucket(minutes)).toBe(bucket);
  });
});
