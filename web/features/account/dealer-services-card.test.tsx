import type { MyDealerServices } from '@common/schemas/handovers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Settings › Servicii de transfer (issue 29) against a stubbed fetch: shown to verified dealers only,
// checked in the browser first, saved with PUT, the server's field error under its field.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { DealerServicesCard } = await import('./dealer-services-card');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const OFFERING: MyDealerServices = {
  eligible: true,
  services: {
    county: 'BV',
    address: 'Str. Lungă 10, Brașov',
    fees: { inspection: 100, handover: 0, keeping: null },
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
};

/** GET answers `state`; PUT answers `put` (or echoes what was sent, as saved). */
function stubApi(state: MyDealerServices, put?: () => Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      if (put) return put();
      const sent = JSON.parse(String(init.body));
      return json({ eligible: true, services: { ...sent, updatedAt: '2026-11-27T10:00:00.000Z' } });
    }
    return json(state);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard(lng: 'ro' | 'en' = 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <QueryClientProvider client={client}>
        <DealerServicesCard />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const group = (name: string) => within(screen.getByRole('group', { name }));
const puts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('the transfer services card', () => {
  it('shows nothing to an account that is not a verified dealer', async () => {
    const fetch = stubApi({ eligible: false, services: null });
    const { container } = renderCard();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/me/dealer/services', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows what the dealer offers now, and the form filled in with it', async () => {
    stubApi(OFFERING);
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Servicii de transfer' })).toBeInTheDocument();
    expect(screen.getByTestId('dealer-services-summary')).toHaveTextContent(
      /Oferi acum: Verificare \(100\sRON\), Predare \(gratuit\)\. Magazinul: Str\. Lungă 10, Brașov, Brașov\./,
    );
    expect(group('Verificare').getByLabelText('Ofer acest serviciu')).toBeChecked();
    expect(group('Verificare').getByLabelText('Taxa (lei)')).toHaveValue('100');
    expect(group('Predare').getByLabelText('Taxa (lei)')).toHaveValue('0');
    const keeping = group('Păstrare până la sosirea autorizației');
    expect(keeping.getByLabelText('Ofer acest serviciu')).not.toBeChecked();
    expect(keeping.queryByLabelText('Taxa (lei)')).toBeNull();
    expect(screen.getByLabelText('Județul magazinului')).toHaveValue('BV');
  });

  it('says what is wrong under each field, in the reader’s language, and sends nothing', async () => {
    const fetch = stubApi({ eligible: true, services: null });
    renderCard();
    expect(await screen.findByTestId('dealer-services-summary')).toHaveTextContent(
      'Nu oferi niciun serviciu de transfer.',
    );
    fireEvent.click(group('Predare').getByLabelText('Ofer acest serviciu'));
    fireEvent.change(group('Predare').getByLabelText('Taxa (lei)'), { target: { value: '12,5' } });
    fireEvent.change(screen.getByLabelText('Adresa magazinului'), { target: { value: 'Str' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează serviciile' }));

    const fee = group('Predare').getByLabelText('Taxa (lei)');
    expect(fee).toHaveAccessibleDescription(/Scrie taxa în lei, un număr întreg/);
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveFocus();
    expect(screen.getByText('Alege județul', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Scrie adresa magazinului (cel puțin 5 caractere)')).toBeInTheDocument();
    expect(puts(fetch)).toHaveLength(0);
  });

  it('saves the fees of the services ticked, null for the others, and tells so', async () => {
    const fetch = stubApi({ eligible: true, services: null });
    renderCard('en');
    await screen.findByRole('heading', { name: 'Transfer services' });
    fireEvent.click(group('Inspection').getByLabelText('I offer this service'));
    fireEvent.change(group('Inspection').getByLabelText('Fee (lei)'), { target: { value: '1.500' } });
    const keeping = group('Keeping until the authorisation arrives');
    fireEvent.click(keeping.getByLabelText('I offer this service'));
    fireEvent.change(keeping.getByLabelText('Fee (lei)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText("Shop's county"), { target: { value: 'CJ' } });
    fireEvent.change(screen.getByLabelText("Shop's address"), {
      target: { value: 'Str. Horea 5, Cluj-Napoca' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the services' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your transfer services were saved.'));
    const [[url, init]] = puts(fetch) as unknown as [[string, RequestInit]];
    expect(url).toBe('/api/me/dealer/services');
    expect(JSON.parse(String(init.body))).toEqual({
      county: 'CJ',
      address: 'Str. Horea 5, Cluj-Napoca',
      fees: { inspection: 1500, handover: null, keeping: 0 },
    });
    expect(screen.getByTestId('dealer-services-summary')).toHaveTextContent(
      /You now offer: Inspection \(RON\s1,500\), Keeping until the authorisation arrives \(free\)\./,
    );
  });

  it('shows the server’s refusal under the field it names', async () => {
    stubApi(OFFERING, () =>
      json({ error: { code: 'validation_error', message: 'address: Invalid value', field: 'address' } }, 400),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Salvează serviciile' }));
    const address = screen.getByLabelText('Adresa magazinului');
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription(/Valoare invalidă/);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
