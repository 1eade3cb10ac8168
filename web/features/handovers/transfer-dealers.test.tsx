import { formatPrice } from '@common/price';
import type { TransferDealer } from '@common/schemas/handovers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransferDealers } from './transfer-dealers';

// Issue 29: "Armurieri care intermediază transferul" against a stubbed fetch: the fees, the buyer's
// county added and remembered, the empty state.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SOMES: TransferDealer = {
  dealerId: 'dlr-1',
  businessName: 'Armurăria Someș',
  county: 'CJ',
  address: 'Str. Horea 12, Cluj-Napoca',
  fees: { inspection: 0, handover: 150, keeping: null },
};

/** Answers every GET /api/dealer-services with `items`, and records the URLs asked. */
function stubDealers(items: TransferDealer[]) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ items }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderList(lng: 'ro' | 'en' = 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <QueryClientProvider client={client}>
        <TransferDealers sellerCounty="CJ" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the dealers who handle the transfer', () => {
  it('lists the seller’s county’s dealers with the services they offer and their fees', async () => {
    const fetch = stubDealers([SOMES]);
    renderList('ro');
    expect(
      screen.getByRole('heading', { name: 'Armurieri care intermediază transferul' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('transfer-dealers-loading')).toBeInTheDocument();
    const dealer = await screen.findByTestId('transfer-dealer');
    expect(within(dealer).getByText('Armurăria Someș')).toBeInTheDocument();
    expect(within(dealer).getByText('Str. Horea 12, Cluj-Napoca')).toBeInTheDocument();
    const services = within(dealer).getByRole('list', { name: 'Servicii oferite' });
    // 0 is free; null (keeping) is not offered, so not listed.
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verificare: Gratuit', `Predare: ${formatPrice(150, 'ro')}`]);
    expect(screen.getByRole('heading', { name: 'Cluj' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/dealer-services?county=CJ');
  });

  it('adds the buyer’s county, remembers it, and says when no dealer there offers anything', async () => {
    const fetch = stubDealers([]);
    renderList('ro');
    expect(
      await screen.findByText('Niciun armurier din aceste județe nu oferă încă servicii de transfer.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Județul tău'), { target: { value: 'B' } });
    await screen.findByText('Niciun armurier din aceste județe nu oferă încă servicii de transfer.');
    expect(fetch.mock.calls.at(-1)?.[0]).toBe('/api/dealer-services?county=CJ&county=B');
    expect(window.localStorage.getItem('armamarket:my-county')).toBe('B');
  });

  it('reads the remembered county after the first render, in English', async () => {
    window.localStorage.setItem('armamarket:my-county', 'B');
    const fetch = stubDealers([
      SOMES,
      { ...SOMES, dealerId: 'dlr-2', businessName: 'Armory Lipscani', county: 'B' },
    ]);
    renderList('en');
    expect(await screen.findByText('Armory Lipscani')).toBeInTheDocument();
    expect(screen.getByLabelText('Your county')).toHaveValue('B');
    expect(screen.getAllByText('Inspection: Free')).toHaveLength(2);
    expect(screen.getAllByText('Handover: RON 150')).toHaveLength(2);
    expect(fetch.mock.calls.at(-1)?.[0]).toBe('/api/dealer-services?county=CJ&county=B');
  });
});
