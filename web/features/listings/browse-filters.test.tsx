import type { AdCard, AdPage } from '@common/schemas/ads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthProvider } from '@web/lib/auth';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, toApiSearch } from './browse-filters';
import { BrowsePage } from './browse-page';

afterEach(cleanup);

describe('browse filters <-> URL', () => {
  it('reads filters from the query and ignores unknown values', () => {
    expect(
      filtersFromParams(new URLSearchParams('q=glock&category=optics&condition=good&sort=price-asc')),
    ).toEqual({
      q: 'glock',
      category: 'optics',
      condition: 'good',
      sort: 'price-asc',
    });
    expect(filtersFromParams(new URLSearchParams('category=tanks&condition=broken&sort=random'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { q: 'tikka t3', category: 'long-guns', condition: '', sort: 'price-desc' } as const;
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('q=tikka+t3&category=long-guns&sort=price-desc');
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it('builds the API query with a trimmed search, the sort, the page size and the cursor', () => {
    expect(toApiSearch({ ...DEFAULT_FILTERS, q: '  cz  ' }, null, 24)).toBe('q=cz&sort=newest&limit=24');
    expect(toApiSearch({ ...DEFAULT_FILTERS, condition: 'new' }, 'abc', 24)).toBe(
      'condition=new&sort=newest&limit=24&cursor=abc',
    );
  });
});

const card = (n: number): AdCard => ({
  id: `ad-${n}`,
  title: `Anunț ${n}`,
  category: 'optics',
  condition: 'good',
  price: 100 * n,
  location: 'Iași',
  county: null,
  caliber: null,
  caliberId: null,
  action: null,
  featured: false,
  status: 'approved',
  legalCategory: 'not-a-weapon',
  createdAt: new Date().toISOString(),
  image: null,
});

function renderBrowse(url: string, respond: (url: URL) => AdPage) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const asked = new URL(String(input), 'http://localhost');
    // The cards' hearts ask who is signed in: nobody.
    if (asked.pathname === '/api/viewer') return new Response('null', { status: 200 });
    const body = respond(asked);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/browse', Component: BrowsePage }], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const requested = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/ads');
  return { router, requested };
}

describe('BrowsePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the panel from the URL, asks the API for it, and shows the total', async () => {
    const { requested } = renderBrowse('/browse?q=zeiss&category=optics&sort=price-asc', () => ({
      items: [card(1), card(2)],
      nextCursor: null,
      total: 2,
    }));
    expect(await screen.findByText('2 ads found')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('zeiss');
    expect(screen.getByLabelText('Category')).toHaveValue('optics');
    expect(screen.getByLabelText('Condition')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    const url = requested()[0]!;
    expect(url.pathname).toBe('/api/ads');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'zeiss',
      category: 'optics',
      sort: 'price-asc',
      limit: '24',
    });
  });

  it('writes each change to the URL and fetches again at once', async () => {
    const { router, requested } = renderBrowse('/browse', (url) =>
      url.searchParams.get('condition') === 'new'
        ? { items: [], nextCursor: null, total: 0 }
        : { items: [card(1)], nextCursor: null, total: 1 },
    );
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();

    act(() => {
      fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'new' } });
    });
    expect(router.state.location.search).toBe('?condition=new');
    expect(await screen.findByText('No ads match your search. Try other filters.')).toBeInTheDocument();
    expect(requested().at(-1)?.searchParams.get('condition')).toBe('new');

    act(() => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'cz' } });
    });
    expect(router.state.location.search).toBe('?q=cz&condition=new');
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('q')).toBe('cz'));

    // Back undoes the last choice of a select; the keystroke replaced its entry instead of adding one.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Condition')).toHaveValue('');
  });

  it("pages with nextCursor through 'Load more'", async () => {
    const { requested } = renderBrowse('/browse', (url) =>
      url.searchParams.get('cursor') === 'c1'
        ? { items: [card(2)], nextCursor: null, total: 2 }
        : { items: [card(1)], nextCursor: 'c1', total: 2 },
    );
    expect(await screen.findByText('2 ads found')).toBeInTheDocument();
    expect(screen.getAllByTestId('ad-card')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('ad-card')).toHaveLength(2));
    expect(requested().at(-1)?.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
