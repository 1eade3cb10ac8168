import type { AdDetail } from '@common/schemas/ads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 29: "Fă o ofertă" on a weapon needing authorisation asks the buyer's attestation first.
vi.mock('@web/lib/auth', () => ({ useAuth: () => ({ user: { id: 'buyer' }, loading: false }) }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { OfferBox } = await import('./offer-box');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The fields of the ad the box reads; the rest of the detail does not matter to it. */
const adOf = (legalCategory: AdDetail['legalCategory']) =>
  ({
    id: 'ad-1',
    title: 'Pistol CZ 75',
    price: 3500,
    legalCategory,
    can: { offer: true, markSold: false, releaseReservation: false },
  }) as unknown as AdDetail;

function renderBox(ad: AdDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n('ro')}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OfferBox ad={ad} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const offered = () =>
  new Response(JSON.stringify({ id: 'o-1', conversationId: 'c-1' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

describe('the offer box', () => {
  it('on a weapon needing authorisation, sends nothing until the buyer attests, then sends the attestation', async () => {
    const fetch = vi.fn(async () => offered());
    vi.stubGlobal('fetch', fetch);
    renderBox(adOf('authorisation'));
    fireEvent.click(screen.getByTestId('make-offer'));
    fireEvent.change(await screen.findByLabelText('Suma oferită (lei)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Trimite oferta' }));
    const attestation = screen.getByLabelText(/Declar că am sau voi obține/);
    await waitFor(() => expect(attestation).toHaveFocus());
    expect(screen.getByText(/Confirmă că ai sau vei obține autorizația de procurare/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(attestation);
    fireEvent.click(screen.getByRole('button', { name: 'Trimite oferta' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 3000, attestation: true });
  });

  it('asks nothing for an ad of another category', async () => {
    const fetch = vi.fn(async () => offered());
    vi.stubGlobal('fetch', fetch);
    renderBox(adOf('not-a-weapon'));
    fireEvent.click(screen.getByTestId('make-offer'));
    fireEvent.change(await screen.findByLabelText('Suma oferită (lei)'), { target: { value: '3000' } });
    expect(screen.queryByLabelText(/Declar că am sau voi obține/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite oferta' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).attestation).toBeUndefined();
  });
});
