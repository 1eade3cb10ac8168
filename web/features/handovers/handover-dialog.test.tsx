import type { Deal } from '@common/schemas/deals';
import { romanianToday, type TransferDealer } from '@common/schemas/handovers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

// "Cere predarea la un armurier" (issue 29) against a stubbed fetch: what is sent, and where the
// client's and the server's refusals show.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { toast } = await import('sonner');
const { HandoverButton } = await import('./handover-dialog');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** What the dialog reads of a deal. */
const deal = {
  id: 'deal-1',
  ad: { id: 'ad-1', title: 'Pistol Glock 17' },
  role: 'buyer',
  adCounty: 'CJ',
} as Deal;

const DEALERS: TransferDealer[] = [
  {
    dealerId: 'dlr-1',
    businessName: 'Armurăria Someș',
    county: 'CJ',
    address: 'Str. Horea 12, Cluj-Napoca',
    fees: { inspection: 0, handover: 150, keeping: null },
  },
  {
    dealerId: 'dlr-2',
    businessName: 'Vânătorul Ardelean',
    county: 'CJ',
    address: 'Calea Turzii 4, Cluj-Napoca',
    fees: { inspection: null, handover: null, keeping: 300 },
  },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The dealers on GET, `answer` on the POST. */
function stubApi(answer: Response) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.startsWith('/api/dealer-services') ? json({ items: DEALERS }) : answer,
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST') as Array<[string, RequestInit]>;

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n('ro')}>
      <QueryClientProvider client={client}>
        <HandoverButton deal={deal} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Cere predarea la un armurier' }));
}

/** A day ten days on, in Romania's calendar. */
const inTenDays = new Date(Date.parse(`${romanianToday()}T00:00:00Z`) + 10 * 86_400_000)
  .toISOString()
  .slice(0, 10);

async function fillIn() {
  fireEvent.click(await screen.findByRole('radio', { name: /Armurăria Someș/ }));
  fireEvent.click(screen.getByRole('radio', { name: /^Predare:/ }));
  fireEvent.change(screen.getByLabelText('Data dorită'), { target: { value: inTenDays } });
  fireEvent.change(screen.getByLabelText('Notă pentru armurier (opțional)'), {
    target: { value: 'Vin sâmbătă dimineață, cu autorizația.' },
  });
}

describe('the handover request dialog', () => {
  it('asks the ad’s county’s dealers and offers only the chosen dealer’s services', async () => {
    const fetch = stubApi(json({}, 201));
    open();
    expect(screen.getByLabelText('Județul armurierului')).toHaveValue('CJ');
    expect(screen.getByText('Alege întâi armurierul.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: /Vânătorul Ardelean/ }));
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'dlr-1',
      'dlr-2',
      'keeping',
    ]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/dealer-services?county=CJ');
    const date = screen.getByLabelText('Data dorită');
    expect(date).toHaveAttribute('min', romanianToday());
  });

  it('sends exactly what was chosen and typed, then says so and closes', async () => {
    const fetch = stubApi(json({ ...deal }, 201));
    open();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cererea' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Cererea a fost trimisă armurierului.'));
    const [[url, init]] = posts(fetch) as [[string, RequestInit]];
    expect(url).toBe('/api/deals/deal-1/handovers');
    expect(JSON.parse(String(init.body))).toEqual({
      dealerId: 'dlr-1',
      service: 'handover',
      wishedDate: inTenDays,
      note: 'Vin sâmbătă dimineață, cu autorizația.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says what is missing under each field and sends nothing', async () => {
    const fetch = stubApi(json({}, 201));
    open();
    await screen.findByRole('radio', { name: /Armurăria Someș/ });
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cererea' }));
    expect(await screen.findByText('Alege armurierul')).toBeInTheDocument();
    expect(screen.getByText('Alege serviciul')).toBeInTheDocument();
    expect(screen.getByText('Alege data dorită')).toBeInTheDocument();
    // The dealers' group takes the focus and names its message.
    const group = screen.getByRole('group', { name: 'Armurierul' });
    expect(group).toHaveFocus();
    expect(group).toHaveAccessibleDescription('Alege armurierul');
    expect(posts(fetch)).toHaveLength(0);
  });

  it('shows the server’s refusal of a field under that field', async () => {
    stubApi(
      json(
        {
          error: { code: 'validation_error', message: 'wishedDate: Pick a day from today to 180 days ahead' },
        },
        400,
      ),
    );
    open();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cererea' }));
    const date = screen.getByLabelText('Data dorită');
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(/Alege o zi între azi și peste 180 de zile/);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('translates a service the dealer stopped offering, under the service', async () => {
    stubApi(json({ error: { code: 'service_not_offered', message: 'Not offered', field: 'service' } }, 409));
    open();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cererea' }));
    expect(
      await screen.findByText('Armurierul nu mai oferă acest serviciu. Alege altul.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says a pending request already waits, as a toast', async () => {
    stubApi(json({ error: { code: 'handover_pending', message: 'Pending' } }, 409));
    open();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite cererea' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'O cerere de predare pentru această tranzacție așteaptă deja răspunsul armurierului.',
      ),
    );
  });
});
