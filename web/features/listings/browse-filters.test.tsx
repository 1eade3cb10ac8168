import type { AdCard, AdPage } from '@common/schemas/ads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthProvider } from '@web/lib/auth';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BrowseFilters,
  DEFAULT_FILTERS,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  normalizePrice,
  sortsFor,
  toApiSearch,
} from './browse-filters';
import { BrowsePage } from './browse-page';
import { filtersProblem } from './browse-problem';
import { loadFiltersCheck } from './use-filters-problem';

afterEach(cleanup);

describe('browse filters <-> URL', () => {
  const everything: BrowseFilters = {
    q: 'tikka t3',
    category: 'long-guns',
    condition: 'good',
    county: 'CJ',
    priceMin: '1000',
    priceMax: '7500.50',
    caliber: '308win',
    action: 'bolt',
    brand: 'Tikka',
    legal: 'authorisation',
    dealer: '1',
    available: '1',
    sort: 'price-desc',
  };

  it('reads every filter from the query and ignores unknown values', () => {
    expect(
      filtersFromParams(
        new URLSearchParams(
          'q=tikka+t3&category=long-guns&condition=good&county=CJ&priceMin=1000&priceMax=7500.50&caliber=308win&action=bolt&brand=Tikka&legal=authorisation&dealer=1&available=1&sort=price-desc',
        ),
      ),
    ).toEqual(everything);
    expect(
      filtersFromParams(
        new URLSearchParams(
          'category=tanks&condition=broken&county=XX&caliber=7mm-laser&action=magic&legal=none&dealer=yes&sort=random',
        ),
      ),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('writes only what is set, and round-trips', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const params = filtersToParams(everything);
    expect(params.toString()).toBe(
      'q=tikka+t3&category=long-guns&condition=good&county=CJ&priceMin=1000&priceMax=7500.50&caliber=308win&action=bolt&brand=Tikka&legal=authorisation&dealer=1&available=1&sort=price-desc',
    );
    expect(filtersFromParams(params)).toEqual(everything);
    const few: BrowseFilters = { ...DEFAULT_FILTERS, county: 'B', caliber: '9x19' };
    expect(filtersToParams(few).toString()).toBe('county=B&caliber=9x19');
    expect(filtersFromParams(filtersToParams(few))).toEqual(few);
  });

  it('reads control characters in the text and brand as spaces, which the API would refuse (issue 26)', () => {
    const filters = filtersFromParams(new URLSearchParams('q=glock%0917%00gen5&brand=Tik%00ka'));
    expect(filters.q).toBe('glock 17 gen5');
    expect(filters.brand).toBe('Tikka');
    expect(toApiSearch(filters, null, 24)).toContain('q=glock+17+gen5&brand=Tikka&');
  });

  it('leaves the default sort out: relevance with text, newest without', () => {
    expect(filtersFromParams(new URLSearchParams('q=glock&sort=relevance')).sort).toBe('');
    expect(filtersFromParams(new URLSearchParams('sort=relevance')).sort).toBe('');
    expect(filtersFromParams(new URLSearchParams('sort=newest')).sort).toBe('');
    const newestSearch = filtersFromParams(new URLSearchParams('q=glock&sort=newest'));
    expect(newestSearch.sort).toBe('newest');
    expect(filtersToParams(newestSearch).toString()).toBe('q=glock&sort=newest');
    expect(effectiveSort({ ...DEFAULT_FILTERS, q: 'glock' })).toBe('relevance');
    expect(effectiveSort({ ...DEFAULT_FILTERS, q: '  ' })).toBe('newest');
    expect(sortsFor('glock')).toContain('relevance');
    expect(sortsFor('')).not.toContain('relevance');
  });

  it('reads prices the way people write them, and keeps what it cannot read for the schema to refuse', () => {
    expect(normalizePrice(' 1.500 ')).toBe('1500');
    expect(normalizePrice('12 000')).toBe('12000');
    expect(normalizePrice('2,50')).toBe('2.50');
    expect(normalizePrice('abc')).toBe('abc');
    expect(filtersFromParams(new URLSearchParams('priceMin=1.000')).priceMin).toBe('1000');
  });

  it('names the field the browse schema refuses: a minimum above the maximum, a price that is no number', () => {
    expect(filtersProblem({ ...DEFAULT_FILTERS, priceMin: '100', priceMax: '500' })).toBeNull();
    expect(filtersProblem({ ...DEFAULT_FILTERS, priceMin: '500', priceMax: '100' })).toEqual({
      field: 'priceMax',
      message: 'priceRange',
    });
    expect(filtersProblem({ ...DEFAULT_FILTERS, priceMin: 'abc' })).toEqual({
      field: 'priceMin',
      message: 'priceMinInvalid',
    });
  });

  it('builds the API query with a trimmed search, every filter, the effective sort, the page size and the cursor', () => {
    expect(toApiSearch({ ...DEFAULT_FILTERS, q: '  cz  ' }, null, 24)).toBe('q=cz&sort=relevance&limit=24');
    expect(toApiSearch({ ...DEFAULT_FILTERS, condition: 'new' }, 'abc', 24)).toBe(
      'condition=new&sort=newest&limit=24&cursor=abc',
    );
    expect(toApiSearch(everything, null, 24)).toBe(
      'q=tikka+t3&category=long-guns&condition=good&county=CJ&priceMin=1000&priceMax=7500.50&caliber=308win&action=bolt&brand=Tikka&legal=authorisation&dealer=1&available=1&sort=price-desc&limit=24',
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
  county: 'IS',
  caliber: null,
  caliberId: null,
  action: null,
  featured: false,
  status: 'approved',
  legalCategory: 'not-a-weapon',
  sellerDealer: false,
  reserved: false,
  sellerScore: null,
  createdAt: new Date().toISOString(),
  publishedAt: new Date().toISOString(),
  image: null,
});

/** `respond` answers a page of ads, or a status for the API failing. */
function renderBrowse(url: string, respond: (url: URL) => AdPage | number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const asked = new URL(String(input), 'http://localhost');
    // The cards' hearts ask who is signed in: nobody.
    if (asked.pathname === '/api/viewer') return new Response('null', { status: 200 });
    const body = respond(asked);
    if (typeof body === 'number')
      return new Response(JSON.stringify({ error: { code: 'internal_error', message: 'x' } }), {
        status: body,
        headers: { 'content-type': 'application/json' },
      });
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

// Whole pages render in jsdom: on a busy 2-core machine one can take several seconds.
const PAGE = { timeout: 20_000 };

describe('BrowsePage', PAGE, () => {
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
      fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'cz' } });
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

  it('says the API failed, with Retry, instead of "0 ads found" (issue 14)', async () => {
    let up = false;
    renderBrowse('/browse', () => (up ? { items: [card(1)], nextCursor: null, total: 1 } : 503));
    // The browse query asks once more (a second later) before it gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('The ads could not be loaded.');
    expect(screen.queryByTestId('result-count')).not.toBeInTheDocument();
    expect(screen.queryByText('No ads match your search. Try other filters.')).not.toBeInTheDocument();
    up = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the list when only the next page fails, and Retry asks for that page again', async () => {
    let nextUp = false;
    const { requested } = renderBrowse('/browse', (url) =>
      url.searchParams.get('cursor') === 'c1'
        ? nextUp
          ? { items: [card(2)], nextCursor: null, total: 2 }
          : 503
        : { items: [card(1)], nextCursor: 'c1', total: 2 },
    );
    expect(await screen.findByText('2 ads found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('The next ads could not be loaded.');
    expect(screen.getAllByTestId('ad-card')).toHaveLength(1);
    expect(screen.getByText('2 ads found')).toBeInTheDocument();
    nextUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('ad-card')).toHaveLength(2));
    expect(requested().at(-1)?.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BrowsePage filters', PAGE, () => {
  afterEach(() => vi.unstubAllGlobals());
  const one = () => ({ items: [card(1)], nextCursor: null, total: 1 });

  it('applies a price bound when its box is left or Enter is pressed, not on every keystroke', async () => {
    const { router, requested } = renderBrowse('/browse', one);
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    const min = screen.getByLabelText('Minimum');
    fireEvent.input(min, { target: { value: '1.500' } });
    expect(router.state.location.search).toBe('');
    act(() => {
      fireEvent.blur(min);
    });
    expect(router.state.location.search).toBe('?priceMin=1500');
    expect(min).toHaveValue('1500');
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('priceMin')).toBe('1500'));

    const max = screen.getByLabelText('Maximum');
    fireEvent.input(max, { target: { value: '9000' } });
    act(() => {
      fireEvent.keyDown(max, { key: 'Enter' });
    });
    expect(router.state.location.search).toBe('?priceMin=1500&priceMax=9000');
  });

  it('says by the field when the minimum price is above the maximum, and asks the API nothing', async () => {
    // The check loads apart from the page (zod stays off browse's first load) once a filter narrows the list.
    await loadFiltersCheck();
    const { requested } = renderBrowse('/browse?priceMin=5000&priceMax=100', one);
    const message = 'The maximum price must be at least the minimum price';
    expect(await screen.findByTestId('price-error')).toHaveTextContent(message);
    expect(screen.getByLabelText('Maximum')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Maximum')).toHaveAccessibleDescription(message);
    expect(screen.getByTestId('filters-problem')).toHaveTextContent(message);
    expect(requested()).toHaveLength(0);
  });

  it('finds a caliber by any of its names and filters by its id', async () => {
    const { router } = renderBrowse('/browse', one);
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    const caliber = screen.getByRole('combobox', { name: 'Caliber' });
    fireEvent.input(caliber, { target: { value: 'parabellum' } });
    const option = screen.getByRole('option', { name: /9x19 \(9mm Luger\)/ });
    expect(option).toHaveTextContent('9mm parabellum');
    act(() => {
      fireEvent.keyDown(caliber, { key: 'Enter' });
    });
    expect(router.state.location.search).toBe('?caliber=9x19');
    expect(caliber).toHaveValue('9x19 (9mm Luger)');

    // A name typed in full and left is applied too; text that names no caliber goes back.
    fireEvent.input(caliber, { target: { value: '.308 winchester' } });
    act(() => {
      fireEvent.blur(caliber);
    });
    expect(router.state.location.search).toBe('?caliber=308win');
    fireEvent.input(caliber, { target: { value: 'laser' } });
    act(() => {
      fireEvent.blur(caliber);
    });
    expect(router.state.location.search).toBe('?caliber=308win');
    expect(caliber).toHaveValue('.308 Win / 7.62x51 NATO');
  });

  it('takes a brand from the list or as typed', async () => {
    const { router } = renderBrowse('/browse', one);
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    fireEvent.input(brand, { target: { value: 'sig' } });
    fireEvent.click(screen.getByRole('option', { name: 'SIG Sauer' }));
    expect(router.state.location.search).toBe('?brand=SIG+Sauer');
    fireEvent.input(brand, { target: { value: 'Mossberg' } });
    act(() => {
      fireEvent.keyDown(brand, { key: 'Enter' });
    });
    expect(router.state.location.search).toBe('?brand=Mossberg');
  });

  it('shows a chip per filter; a chip removes its filter and Back brings it again', async () => {
    const { router, requested } = renderBrowse(
      '/browse?county=CJ&priceMin=100&caliber=9x19&action=bolt',
      one,
    );
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => (button.getAttribute('aria-label') ?? button.textContent)?.replace(/\s/g, ' ')),
    ).toEqual([
      'Remove filter Cluj',
      // Prices keep the ro-RO format in every language.
      expect.stringMatching(/^Remove filter from 100(,00)? RON$/),
      'Remove filter 9x19 (9mm Luger)',
      'Remove filter Bolt action',
      'Clear filters',
    ]);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter Cluj' }));
    });
    expect(router.state.location.search).toBe('?priceMin=100&caliber=9x19&action=bolt');
    expect(screen.getByLabelText('County')).toHaveValue('');
    // The focus goes to the chip that took the removed one's place.
    await waitFor(() => expect(screen.getByRole('button', { name: /from 100/ })).toHaveFocus());
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('county')).toBeNull());

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('County')).toHaveValue('CJ');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('offers and defaults to Best match when there is text, and keeps the count honest when capped', async () => {
    renderBrowse('/browse?q=glock', () => ({
      items: [card(1)],
      nextCursor: 'c',
      total: 1000,
      totalCapped: true,
    }));
    expect(await screen.findByText('More than 1,000 ads found')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    expect(screen.getByRole('option', { name: 'Best match' })).toBeInTheDocument();
  });

  it('says what it searched when it corrected a word, and searches the literal text on request', async () => {
    const { router, requested } = renderBrowse('/browse?q=glok', (url) =>
      url.searchParams.get('literal') === '1'
        ? { items: [], nextCursor: null, total: 0, relax: null }
        : { items: [card(1)], nextCursor: null, total: 1, correction: { from: 'glok', to: 'glock' } },
    );
    expect(await screen.findByText(/We searched for «glock» instead of «glok»/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search for «glok» exactly' }));
    await waitFor(() => expect(router.state.location.search).toContain('literal=1'));
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('literal')).toBe('1'));
  });

  it('offers to remove the filter that finds the most ads when nothing is found', async () => {
    const { router } = renderBrowse('/browse?q=glock&county=CT', (url) =>
      url.searchParams.get('county')
        ? { items: [], nextCursor: null, total: 0, relax: { filter: 'county', total: 2, capped: false } }
        : { items: [card(1), card(2)], nextCursor: null, total: 2 },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the “County” filter (2 ads)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('county'));
  });

  it('shows what the API refuses instead of an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/me'
          ? new Response(null, { status: 401 })
          : new Response(
              JSON.stringify({ error: { code: 'validation_error', message: 'brand: too long' } }),
              {
                status: 400,
                headers: { 'content-type': 'application/json' },
              },
            ),
      ),
    );
    const router = createMemoryRouter([{ path: '/browse', Component: BrowsePage }], {
      initialEntries: ['/browse?brand=x'],
    });
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <QueryClientProvider client={new QueryClient()}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByTestId('filters-problem')).toBeInTheDocument();
    expect(screen.queryByText('No ads match your search. Try other filters.')).not.toBeInTheDocument();
  });
});

describe('BrowsePage on a phone', PAGE, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the filters in a sheet from 'Filters (n)', and Escape closes it back to the button", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const { router } = renderBrowse('/browse?county=CJ&caliber=9x19', () => ({
      items: [card(1)],
      nextCursor: null,
      total: 1,
    }));
    expect(await screen.findByText('1 ad found')).toBeInTheDocument();
    expect(screen.queryByLabelText('County')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Filters (2)' });
    fireEvent.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByLabelText('County')).toHaveValue('CJ');
    act(() => {
      fireEvent.change(within(sheet).getByLabelText('Action'), { target: { value: 'pump' } });
    });
    expect(router.state.location.search).toBe('?county=CJ&caliber=9x19&action=pump');
    // Escape in an open suggestion list closes the list only; the next one closes the sheet.
    const caliber = within(sheet).getByRole('combobox', { name: 'Caliber' });
    fireEvent.input(caliber, { target: { value: '9mm' } });
    expect(caliber).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(caliber, { key: 'Escape' });
    expect(caliber).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    fireEvent.keyDown(within(sheet).getByLabelText('Action'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toHaveFocus();
  });
});
