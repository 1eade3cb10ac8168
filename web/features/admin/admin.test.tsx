import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_RULE_IDS } from '@common/scam/message-rules';
import {
  MODERATION_ACTIONS,
  type QueuePage as QueueData,
  REPORT_STATUS_VALUES,
  STANDARD_REASONS,
  USER_ACTIONS,
} from '@common/schemas/admin';
import type { SuspectList } from '@common/schemas/suspects';
import { AD_STATUSES, REPORT_REASONS } from '@common/values';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  state: {
    user: null as { role: string; twoFactorEnabled: boolean } | null,
    loading: false,
    isStaff: false,
  },
}));
vi.mock('@web/lib/auth', () => ({ useAuth: () => auth.state }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { AdminRoutes } = await import('./admin-routes');
const { formatReason } = await import('./reports-page');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

const signedInAs = (role: string | null, twoFactorEnabled = true) => {
  auth.state = {
    user: role ? { role, twoFactorEnabled } : null,
    loading: false,
    isStaff: role === 'admin.moderator' || role === 'admin.super',
  };
};

function renderAdmin(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/" element={<p>Home page</p>} />
            <Route path="/admin/*" element={<AdminRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const queue: QueueData = {
  items: [
    {
      id: 'ad-1',
      title: 'Carabină CZ 457',
      price: 4500.5,
      status: 'pending',
      featured: false,
      moderationReason: null,
      createdAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
      submittedAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
      image: null,
      seller: { id: 'u1', firstName: 'Ion', lastName: 'Pop', email: 'ion@example.ro' },
      legalCategory: 'authorisation',
      declaration: { declaredAt: new Date().toISOString(), clientIp: '10.0.0.1', version: 'v1' },
      kind: 'ad',
      changes: null,
      reusedPhotos: [
        { imageId: 'img-1', distance: 0, otherAd: { id: 'ad-9', title: 'Carabină CZ 457 Varmint' } },
        { imageId: 'img-2', distance: 2, otherAd: { id: 'ad-9', title: 'Carabină CZ 457 Varmint' } },
      ],
    },
  ],
  nextCursor: null,
  total: 1,
  sellerTotal: 0,
};

describe('admin panel access', () => {
  it.each([null, 'user'])('sends %s to the home page', async (role) => {
    signedInAs(role);
    renderAdmin('/admin/users');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it.each(['admin.moderator', 'admin.super'])(
    'tells %s without two-factor to turn it on in Settings, and asks the server nothing',
    async (role) => {
      const fetch = vi.fn(async () => json({ items: [], nextCursor: null, total: 0 }));
      vi.stubGlobal('fetch', fetch);
      signedInAs(role, false);
      renderAdmin('/admin');
      expect(screen.getByRole('heading', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
        'href',
        '/dashboard/settings',
      );
      expect(screen.queryByRole('navigation', { name: 'Admin panel sections' })).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('shows the five tabs to a moderator and the Audit Log to admin.super only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null, total: 0 })),
    );
    signedInAs('admin.moderator');
    renderAdmin('/admin');
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Moderation Queue', 'Reports', 'Users', 'Suspects', 'Trust']);
    expect(await screen.findByText('No ads pending moderation.')).toBeInTheDocument();
    cleanup();

    signedInAs('admin.super');
    renderAdmin('/admin/audit');
    const superTabs = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(within(superTabs).getByRole('link', { name: 'Audit Log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends a moderator who types the audit address to the queue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null, total: 0 })),
    );
    signedInAs('admin.moderator');
    renderAdmin('/admin/audit');
    expect(await screen.findByText('No ads pending moderation.')).toBeInTheDocument();
  });
});

describe('moderation queue', () => {
  beforeEach(() => signedInAs('admin.moderator'));

  it('approves with the spec notice and reloads the list', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/approve'))
          return json({ id: 'ad-1', status: 'approved', featured: false, moderationReason: null });
        return json(queue);
      }),
    );
    renderAdmin('/admin');
    const row = await screen.findByTestId('queue-item');
    expect(within(row).getByText('Carabină CZ 457')).toBeInTheDocument();
    expect(within(row).getByText('Seller: Ion Pop')).toBeInTheDocument();
    expect(within(row).getByText(/RON\s4,500\.50/)).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Submitted 3 days ago')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/ad/ad-1');

    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ad approved'));
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/admin/queue')).toHaveLength(2));
    expect(calls).toContain('POST /api/admin/ads/ad-1/approve');
  });

  it('flags a photo reused from another user’s ad once per ad, with links to both ads (issue 30)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(queue)),
    );
    renderAdmin('/admin');
    const flags = await screen.findByTestId('queue-reused-photos');
    expect(within(flags).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(flags).getByText(
        "Photo identical or very similar to another user's ad „Carabină CZ 457 Varmint”",
      ),
    ).toBeInTheDocument();
    expect(within(flags).getByRole('link', { name: 'This ad' })).toHaveAttribute('href', '/ad/ad-1');
    expect(within(flags).getByRole('link', { name: "The other user's ad" })).toHaveAttribute(
      'href',
      '/ad/ad-9',
    );
  });

  it('asks before rejecting, wants a reason, offers standard ones, and says when it fails', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/reject')) {
          sent.push(JSON.parse(String(init?.body)));
          return json({ error: { code: 'internal_error', message: 'x' } }, 500);
        }
        return json(queue);
      }),
    );
    renderAdmin('/admin');
    fireEvent.click(within(await screen.findByTestId('queue-item')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to reject this ad?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Write a reason of at least 5 characters',
    );
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Standard reason'), { target: { value: 'prohibited' } });
    expect(within(dialog).getByLabelText('Reason for the owner')).toHaveValue(
      'This item may not be sold on ArmaMarket.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error rejecting ad', expect.anything()));
    expect(sent).toEqual([{ reason: 'This item may not be sold on ArmaMarket.' }]);
  });

  it('shows the empty message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null, total: 0 })),
    );
    renderAdmin('/admin');
    expect(await screen.findByText('No ads pending moderation.')).toBeInTheDocument();
  });
});

describe('suspects (issue 30)', () => {
  const suspect = (isActive: boolean): SuspectList => ({
    windowHours: 24,
    minRecipients: 5,
    items: [
      {
        user: {
          id: 'u-7',
          firstName: 'Vasile',
          lastName: 'Ion',
          email: 'vasile@example.ro',
          role: 'user',
          isActive,
          emailVerified: false,
          createdAt: new Date(Date.now() - 2 * 86400_000).toISOString(),
          actions: [isActive ? 'deactivate' : 'reactivate'],
          messageRisks: null,
        },
        recent: {
          rules: [
            { rule: 'phone', messages: 6 },
            { rule: 'advance_payment', messages: 6 },
          ],
          messages: 6,
          recipients: 6,
          lastAt: new Date().toISOString(),
        },
      },
    ],
  });

  it('lists each suspect with the rules in words, links to the user, and deactivates as Users does', async () => {
    let active = true;
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith('/deactivate')) {
        active = false;
        return json({ ...suspect(false).items[0]?.user });
      }
      return json(suspect(active));
    });
    vi.stubGlobal('fetch', fetch);
    signedInAs('admin.moderator');
    renderAdmin('/admin/suspects');
    const row = await screen.findByTestId('user-row');
    expect(
      screen.getByText(
        'Accounts whose risky messages reached at least 5 different people in the last 24 hours. Check before you deactivate.',
      ),
    ).toBeInTheDocument();
    const risks = within(row).getByRole('region', { name: 'In the last 24 hours' });
    expect(within(risks).getByText('Phone number: 6')).toBeInTheDocument();
    expect(within(risks).getByText('Asks for payment in advance: 6')).toBeInTheDocument();
    expect(within(risks).getByText(/Different recipients: 6/)).toBeInTheDocument();
    expect(within(row).getByText('New account')).toBeInTheDocument();
    expect(within(row).getByText('E-mail not verified')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Open vasile@example.ro in the users list' }),
    ).toHaveAttribute('href', '/admin/users?q=vasile%40example.ro');

    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account deactivated'));
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/deactivate'));
    expect(call?.[0]).toBe('/api/admin/users/u-7/deactivate');
    expect(call?.[1]?.method).toBe('POST');
    expect(
      await within(await screen.findByTestId('user-row')).findByRole('button', { name: 'Reactivate' }),
    ).toBeInTheDocument();
  });

  it('says when nobody is suspect', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ windowHours: 24, minRecipients: 5, items: [] })),
    );
    signedInAs('admin.moderator');
    renderAdmin('/admin/suspects');
    expect(await screen.findByText('No suspect accounts right now.')).toBeInTheDocument();
  });
});

describe('reports', () => {
  it('formats the reason as the spec says', () => {
    expect(formatReason('spam')).toBe('SPAM');
    expect(formatReason('not_allowed_here')).toBe('NOT ALLOWED HERE');
  });
});

describe('admin catalogs', () => {
  const load = (lng: string) =>
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, `../../public/locales/${lng}/admin.json`), 'utf8'),
    );
  const has = (catalog: Record<string, unknown>, key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

  it.each(['ro', 'en'])('has the keys the panel builds at run time (%s)', (lng) => {
    const catalog = load(lng);
    const keys = [
      ...AD_STATUSES.map((status) => `statuses.${status}`),
      ...REPORT_STATUS_VALUES.map((status) => `reportStatuses.${status}`),
      ...REPORT_REASONS.map((reason) => `reportReasons.${reason}`),
      ...MODERATION_ACTIONS.map((action) => `auditActions.${action}`),
      ...MESSAGE_RULE_IDS.map((rule) => `risks.rules.${rule}`),
      ...USER_ACTIONS.flatMap((action) => [`users.actions.${action}`, `users.done.${action}`]),
      ...STANDARD_REASONS.flatMap((reason) => [`reasons.${reason}`, `reasonTitles.${reason}`]),
      ...['user', 'admin.moderator', 'admin.super'].map((role) => `roles.${role}`),
      ...['reactivate', 'makeModerator', 'removeModerator'].map((action) => `users.confirm.${action}`),
      'queue.approved',
      'queue.approveError',
      'queue.rejected',
      'queue.rejectError',
      'queue.changesRequested',
      'queue.changesError',
      'reports.dismissed',
      'reports.dismissError',
      'reports.takenDown',
      'reports.takeDownError',
      'featured.marked',
      'featured.unmarked',
      'featured.error',
      'users.error',
    ];
    expect(keys.filter((key) => typeof has(catalog, key) !== 'string')).toEqual([]);
  });
});
