import { createBrowserRouter } from 'react-router';
import { RootLayout } from './components/layout/root-layout';
import { HomePage } from './features/listings/home-page';
import { NotFoundPage } from './routes/not-found-page';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/auth',
        lazy: () => import('./features/auth/auth-page').then((m) => ({ Component: m.AuthPage })),
      },
      {
        path: '/auth/verified',
        lazy: () => import('./features/auth/verified-page').then((m) => ({ Component: m.VerifiedPage })),
      },
      {
        path: '/auth/forgot-password',
        lazy: () =>
          import('./features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/auth/reset-password',
        lazy: () =>
          import('./features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '/browse',
        lazy: () => import('./features/listings/browse-page').then((m) => ({ Component: m.BrowsePage })),
      },
      {
        path: '/ad/:id',
        lazy: () => import('./routes/ad-detail-route').then((m) => ({ Component: m.AdDetailRoute })),
      },
      {
        path: '/ad/:id/edit',
        lazy: () => import('./features/listings/edit-ad-page').then((m) => ({ Component: m.EditAdPage })),
      },
      {
        path: '/renew',
        lazy: () => import('./features/listings/renew-page').then((m) => ({ Component: m.RenewPage })),
      },
      {
        path: '/post-ad',
        lazy: () => import('./features/listings/post-ad-page').then((m) => ({ Component: m.PostAdPage })),
      },
      {
        path: '/dashboard',
        lazy: () =>
          import('./features/dashboard/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('./features/dashboard/overview-page').then((m) => ({ Component: m.OverviewPage })),
          },
          {
            path: 'listings',
            lazy: () =>
              import('./features/dashboard/my-listings-page').then((m) => ({ Component: m.MyListingsPage })),
          },
          {
            path: 'messages',
            lazy: () =>
              import('./features/messages/conversations-page').then((m) => ({
                Component: m.ConversationsPage,
              })),
          },
          {
            path: 'messages/:conversationId',
            lazy: () =>
              import('./features/messages/conversation-page').then((m) => ({
                Component: m.ConversationPage,
              })),
          },
          {
            path: 'favorites',
            lazy: () => import('./routes/favorites-route').then((m) => ({ Component: m.FavoritesRoute })),
          },
          {
            path: 'settings',
            lazy: () =>
              import('./features/account/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // The admin panel is one chunk of its own, loaded only when someone opens it.
        path: '/admin/*',
        lazy: () => import('./features/admin/admin-routes').then((m) => ({ Component: m.AdminRoutes })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
