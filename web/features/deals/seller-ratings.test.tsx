import type { PublicRating, SellerRatingsPage } from '@common/schemas/deals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The seller page's ratings (issue 28) against a stubbed fetch of the API: paging with "More ratings".
vi.mock('@web/lib/auth', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { SellerRatings } = await import('./seller-ratings');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const rating = (n: number): PublicRating => ({
  id: `r-${n}`,
  stars: 5,
  comment: `Comentariul ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 20 - n)).toISOString(),
  raterName: 'Ana M.',
  ratedRole: 'seller',
  reply: null,
  repliedAt: null,
});

const page = (from: number, to: number, nextCursor: string | null): SellerRatingsPage => ({
  summary: { average: 4.8, count: 23 },
  items: Array.from({ length: to - from + 1 }, (_, i) => rating(from + i)),
  nextCursor,
});

function renderRatings(lng = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <QueryClientProvider client={client}>
        <SellerRatings sellerId="u-1" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('seller ratings', () => {
  it('shows the first page, then the next one after "More ratings", until there is no more', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('cursor=') ? json(page(3, 4, null)) : json(page(1, 2, 'next/page')),
    );
    vi.stubGlobal('fetch', fetch);
    renderRatings();
    expect(await screen.findByText('Comentariul 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('rating')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'More ratings' }));
    expect(await screen.findByText('Comentariul 4')).toBeInTheDocument();
    expect(screen.getAllByTestId('rating').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Comentariul 1'),
      expect.stringContaining('Comentariul 2'),
      expect.stringContaining('Comentariul 3'),
      expect.stringContaining('Comentariul 4'),
    ]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/sellers/u-1/ratings',
      '/api/sellers/u-1/ratings?cursor=next%2Fpage',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More ratings' })).toBeNull());
  });

  it('has no button when one page holds them all, and says so in Romanian when there is one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(page(1, 1, null))),
    );
    renderRatings();
    expect(await screen.findByText('Comentariul 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More ratings' })).toBeNull();
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(page(1, 1, 'c'))),
    );
    renderRatings('ro');
    expect(await screen.findByRole('button', { name: 'Mai multe evaluări' })).toBeInTheDocument();
  });

  it('keeps what it has and says so when the next page fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('cursor=')
          ? json({ error: { code: 'internal_error', message: 'x' } }, 500)
          : json(page(1, 2, 'c')),
      ),
    );
    renderRatings();
    fireEvent.click(await screen.findByRole('button', { name: 'More ratings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'More ratings could not be loaded. Try again.',
    );
    expect(screen.getAllByTestId('rating')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'More ratings' })).toBeEnabled();
  });
});
