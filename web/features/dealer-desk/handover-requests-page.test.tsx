import type { DealerHandover } from '@common/schemas/handovers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Dashboard › Predări (issue 29) against a stubbed fetch: the requests sent to the dealer, and the
// answer with its note.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { HandoverRequestsPage } = await import('./handover-requests-page');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PENDING: DealerHandover = {
  id: 'h-1',
  dealId: 'd-1',
  dealer: { id: 'dl-1', businessName: 'Armurieria Carpați', county: 'BV', address: 'Str. Lungă 10' },
  service: 'handover',
  fee: 150,
  wishedDate: '2026-12-03',
  note: 'Venim amândoi după ora 16.\nAvem actele.',
  requestedBy: { role: 'buyer', displayName: 'Mihai P.' },
  status: 'pending',
  answerNote: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  answeredAt: null,
  canCancel: false,
  ad: { id: 'ad-1', title: 'Pistol Glock 17' },
  seller: 'Ion V.',
  buyer: 'Mihai P.',
  can: { answer: true },
};

const ANSWERED: DealerHandover = {
  ...PENDING,
  id: 'h-2',
  service: 'keeping',
  fee: 0,
  note: null,
  requestedBy: { role: 'seller', displayName: 'Ana D.' },
  status: 'declined',
  answerNote: 'Nu avem loc în seif luna aceasta.',
  answeredAt: '2026-11-20T10:00:00.000Z',
  ad: { id: null, title: 'Carabină CZ 455' },
  seller: 'Ana D.',
  buyer: 'Radu T.',
  can: { answer: false },
};

function renderPage(lng: 'ro' | 'en' = 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HandoverRequestsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the dealer’s handover requests', () => {
  it('lists each request with what was asked, by whom, and its state', async () => {
    vi.stubGlobal('fetch', async () => json({ items: [PENDING, ANSWERED] }));
    renderPage();
    const [pending, answered] = (await screen.findAllByTestId('handover-request')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(pending).getByRole('link', { name: 'Pistol Glock 17' })).toHaveAttribute(
      'href',
      '/ad/ad-1',
    );
    expect(pending).toHaveTextContent(/Predare · 150\sRON/);
    expect(pending).toHaveTextContent('Data dorită: 3 decembrie 2026');
    expect(pending).toHaveTextContent('Cerut de cumpărător: Mihai P.');
    expect(pending).toHaveTextContent('Vânzător: Ion V. · Cumpărător: Mihai P.');
    expect(within(pending).getByText(/Venim amândoi/)).toHaveClass('whitespace-pre-line');
    expect(pending).toHaveTextContent('În așteptare');
    expect(within(pending).getByRole('button', { name: 'Acceptă' })).toBeInTheDocument();

    // A deleted ad is named without a link; the answered request has no buttons, only the answer.
    expect(within(answered).queryByRole('link')).toBeNull();
    expect(answered).toHaveTextContent('Carabină CZ 455');
    expect(answered).toHaveTextContent('Păstrare până la sosirea autorizației · gratuit');
    expect(answered).toHaveTextContent('Cerut de vânzător: Ana D.');
    expect(answered).toHaveTextContent('Refuzată');
    expect(answered).toHaveTextContent('Nu avem loc în seif luna aceasta.');
    expect(within(answered).queryByRole('button')).toBeNull();
  });

  it('says so when there are none', async () => {
    vi.stubGlobal('fetch', async () => json({ items: [] }));
    renderPage('en');
    expect(await screen.findByText('You have not received any handover requests yet.')).toBeInTheDocument();
  });

  it('accepts with the note, then asks for the list again', async () => {
    let answered = false;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        answered = true;
        return json({
          ...PENDING,
          status: 'accepted',
          answerNote: 'Vă aștept la 16:30.',
          can: { answer: false },
        });
      }
      return json({
        items: [answered ? { ...PENDING, status: 'accepted', answerNote: 'Vă aștept la 16:30.' } : PENDING],
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Acceptă' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepți cererea?' });
    fireEvent.change(within(dialog).getByLabelText('Notă pentru părți (opțional)'), {
      target: { value: 'Vă aștept la 16:30.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acceptă cererea' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Ai acceptat cererea. Părțile primesc un e-mail.'),
    );
    const [url, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST') as [string, RequestInit];
    expect(url).toBe('/api/handover-requests/h-1/answer');
    expect(JSON.parse(String(init.body))).toEqual({ answer: 'accept', note: 'Vă aștept la 16:30.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('handover-request')).toHaveTextContent('Acceptată'));
  });

  it('tells the dealer when the request no longer waits for an answer', async () => {
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({ error: { code: 'invalid_transition', message: 'Not pending' } }, 409)
        : json({ items: [PENDING] }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Refuză' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuzi cererea?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuză cererea' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Cererea nu mai așteaptă un răspuns: a fost anulată sau ai răspuns deja.',
      ),
    );
  });

  it('shows the error state with Retry when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => json({ error: { code: 'internal', message: 'boom' } }, 500));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cererile de predare nu au putut fi încărcate.',
    );
  });
});
