import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

afterEach(cleanup);

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
  render(
    <I18nextProvider i18n={createTestI18n('ro')}>
      <RouterProvider router={router} />
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
