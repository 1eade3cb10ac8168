import type { TrustReport, TrustReportList } from '@common/schemas/deals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The panel's Trust tab (issue 28) against a stubbed fetch of the API, as admin.test.tsx does.
const auth = vi.hoisted(() => ({
  state: { user: { role: 'admin.moderator', twoFactorEnabled: true }, loading: false, isStaff: true },
}));
vi.mock('@web/lib/auth', () => ({ useAuth: () => auth.state }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { AdminRoutes } = await import('./admin-routes');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

function renderAdmin(at: string, lng = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/admin/*" element={<AdminRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const reports = (hidden = false): TrustReportList => ({
  items: [
    {
      id: 'tr-rating',
      kind: 'rating',
      status: hidden ? 'actioned' : 'open',
      details: 'Jignitor, nu a fost așa.',
      createdAt: hoursAgo(1),
      deal: {
        id: 'd-1',
        adId: 'ad-1',
        adTitle: 'Glock 17 Gen5',
        price: 3900,
        seller: 'Ion P.',
        buyer: 'Ana M.',
      },
      rating: {
        id: 'r-1',
        stars: 1,
        comment: 'Țeapă!',
        rater: 'Ana M.',
        ratedRole: 'seller',
        reply: 'Arma a fost predată conform contractului.',
        hidden,
      },
    },
    {
      id: 'tr-deal',
      kind: 'deal_denied',
      status: 'open',
      details: null,
      createdAt: hoursAgo(5),
      deal: { id: 'd-2', adId: null, adTitle: 'CZ 457', price: 4500, seller: 'Ion P.', buyer: 'Dan V.' },
      rating: null,
    },
  ],
});

describe('trust tab (issue 28)', () => {
  beforeEach(() => {
    auth.state = {
      user: { role: 'admin.moderator', twoFactorEnabled: true },
      loading: false,
      isStaff: true,
    };
  });

  it('is a tab every moderator sees, listing reported ratings and denied deals in the server’s order', async () => {
    const fetch = vi.fn(async (_url: string) => json(reports()));
    vi.stubGlobal('fetch', fetch);
    renderAdmin('/admin/trust');
    const tabs = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(within(tabs).getByRole('link', { name: 'Trust' })).toHaveAttribute('aria-current', 'page');
    const [rating, deal] = await screen.findAllByTestId('trust-report');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/trust-reports?status=open');

    expect(within(rating!).getByText('Reported rating')).toBeInTheDocument();
    expect(within(rating!).getByText('Glock 17 Gen5')).toBeInTheDocument();
    expect(within(rating!).getByText(/RON\s3,900/)).toBeInTheDocument();
    expect(within(rating!).getByText('Seller: Ion P. · Buyer: Ana M.')).toBeInTheDocument();
    expect(within(rating!).getByText('1 star out of 5')).toBeInTheDocument();
    expect(within(rating!).getByText('Ana M. (buyer) rated the seller Ion P.')).toBeInTheDocument();
    expect(within(rating!).getByText('Țeapă!')).toBeInTheDocument();
    expect(within(rating!).getByText('Arma a fost predată conform contractului.')).toBeInTheDocument();
    expect(within(rating!).getByText('Jignitor, nu a fost așa.')).toBeInTheDocument();
    expect(within(rating!).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(rating!).getByRole('link', { name: 'View Listing' })).toHaveAttribute('href', '/ad/ad-1');

    expect(within(deal!).getByText('Deal denied by the buyer')).toBeInTheDocument();
    expect(within(deal!).getByText("Buyer's note:").closest('p')).toHaveTextContent("Buyer's note: none");
    expect(within(deal!).getByText('Seller: Ion P. · Buyer: Dan V.')).toBeInTheDocument();
    // A deal whose ad was deleted has no ad to open, and a deal has no rating to hide.
    expect(within(deal!).queryByRole('link')).toBeNull();
    expect(within(deal!).queryByRole('button', { name: 'Hide rating' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/admin/trust-reports?status=all'),
    );
  });

  it('hides a rating only with a reason, sends it, and reloads the list', async () => {
    let hidden = false;
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        if (url.endsWith('/hide')) {
          hidden = true;
          return json({ id: 'r-1', hidden: true, resolved: 1 });
        }
        return json(reports(hidden));
      }),
    );
    renderAdmin('/admin/trust');
    const [row] = await screen.findAllByTestId('trust-report');
    fireEvent.click(within(row!).getByRole('button', { name: 'Hide rating' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this rating?' });
    const field = within(dialog).getByLabelText('Reason (kept in the audit log)');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide rating' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Write a reason of at least 5 characters',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: 'Limbaj jignitor, încalcă regulile.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide rating' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rating hidden'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/admin/ratings/r-1/hide',
        method: 'POST',
        body: { reason: 'Limbaj jignitor, încalcă regulile.' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [after] = await screen.findAllByTestId('trust-report');
    expect(await within(after!).findByText('Hidden')).toBeInTheDocument();
    expect(within(after!).queryByRole('button', { name: 'Hide rating' })).toBeNull();
    expect(within(after!).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('dismisses a denied deal after asking, and says when someone else got there first', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(url);
          return posted.length === 1
            ? json({ id: 'tr-deal', status: 'dismissed' })
            : json({ error: { code: 'invalid_transition', message: 'x' } }, 409);
        }
        return json(reports());
      }),
    );
    renderAdmin('/admin/trust');
    const deal = (await screen.findAllByTestId('trust-report'))[1]!;
    fireEvent.click(within(deal).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this denied deal?' });
    expect(dialog).toHaveAccessibleDescription(
      'The deal stays denied and cannot be rated; the report is kept as dismissed, with your name.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Report dismissed'));
    expect(posted).toEqual(['/api/admin/trust-reports/tr-deal/dismiss']);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rating = (await screen.findAllByTestId('trust-report'))[0]!;
    fireEvent.click(within(rating).getByRole('button', { name: 'Dismiss' }));
    const second = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error dismissing the report', {
        description: 'Someone changed it in the meantime; the list has been reloaded.',
      }),
    );
    expect(posted.at(-1)).toBe('/api/admin/trust-reports/tr-rating/dismiss');
    // The dialog stays open on failure, so the moderator can cancel it.
    expect(screen.getByRole('dialog', { name: 'Dismiss this report?' })).toBeInTheDocument();
  });

  it('shows the load error with a retry, then the empty message', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail ? json({ error: { code: 'internal_error', message: 'x' } }, 500) : json({ items: [] }),
      ),
    );
    renderAdmin('/admin/trust');
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open trust reports.')).toBeInTheDocument();
  });

  it('speaks Romanian: the tab, the hide button and the dismiss button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(reports())),
    );
    renderAdmin('/admin/trust', 'ro');
    expect(screen.getByRole('link', { name: 'Încredere' })).toBeInTheDocument();
    const [row] = await screen.findAllByTestId('trust-report');
    expect(within(row!).getByRole('button', { name: 'Ascunde ratingul' })).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Închide' })).toBeInTheDocument();
    expect(
      within(row!).getByText('Ana M. (cumpărător) l-a evaluat pe vânzătorul Ion P.'),
    ).toBeInTheDocument();
  });
});

describe('trust catalogs', () => {
  // Keys the tab builds at run time, in both languages (catalogs.test.ts checks ro and en match).
  it.each(['ro', 'en'])('has every kind, side, filter and empty message (%s)', (lng) => {
    const i18n = createTestI18n(lng);
    const keys = [
      ...(['deal_denied', 'rating'] satisfies TrustReport['kind'][]).map((kind) => `trust.kinds.${kind}`),
      ...['buyer', 'seller'].map((role) => `trust.rated.${role}`),
      ...['open', 'all'].flatMap((status) => [`trust.show.${status}`, `trust.empty.${status}`]),
    ];
    expect(keys.filter((key) => !i18n.exists(`admin:${key}`))).toEqual([]);
  });
});
