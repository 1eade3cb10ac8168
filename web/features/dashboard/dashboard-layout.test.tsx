import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The session could not be read (the API did not answer): not the same as signed out (issue 14).
const auth = vi.hoisted(() => ({
  state: {
    user: null,
    loading: false,
    failed: true,
    isStaff: false,
    sessionQuery: { refetch: vi.fn(), isFetching: false },
  },
}));
vi.mock('@web/lib/auth', () => ({ useAuth: () => auth.state }));

const { DashboardLayout } = await import('./dashboard-layout');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [{ index: true, element: <p>overview</p> }],
      },
      { path: '/auth', element: <p>sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n('ro')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('DashboardLayout when the session cannot be read', () => {
  it('says so with Retry and sends nobody to sign in', () => {
    const router = renderAt('/dashboard');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Nu am putut verifica dacă ești autentificat.');
    expect(router.state.location.pathname).toBe('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(auth.state.sessionQuery.refetch).toHaveBeenCalledTimes(1);
  });

  it('a visitor (read, and nobody) is still sent to sign in', () => {
    auth.state = { ...auth.state, failed: false };
    const router = renderAt('/dashboard');
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('DashboardLayout’s tabs', () => {
  const signedIn = { ...auth.state, failed: false, user: { id: 'u-1' } } as unknown as typeof auth.state;
  const stubServices = (eligible: boolean) => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ eligible, services: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const tabs = () =>
    within(screen.getByRole('navigation', { name: 'Secțiunile panoului' })).getAllByRole('link');

  it('give a verified dealer an eighth, Predări, after Tranzacții', async () => {
    auth.state = signedIn;
    const fetch = stubServices(true);
    renderAt('/dashboard');
    await waitFor(() => expect(tabs()).toHaveLength(8));
    expect(fetch).toHaveBeenCalledWith('/api/me/dealer/services', expect.anything());
    const names = tabs().map((tab) => tab.textContent);
    expect(names.indexOf('Predări')).toBe(names.indexOf('Tranzacții') + 1);
    expect(screen.getByRole('link', { name: 'Predări' })).toHaveAttribute('href', '/dashboard/handovers');
  });

  it('keep seven for everyone else', async () => {
    auth.state = signedIn;
    const fetch = stubServices(false);
    renderAt('/dashboard');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tabs()).toHaveLength(7);
    expect(screen.queryByRole('link', { name: 'Predări' })).toBeNull();
  });
});
