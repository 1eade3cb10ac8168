import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RootLayout } from './components/layout/root-layout';
import { HomePage } from './features/listings/home-page';
import { useAuth } from './lib/auth';
import { NotFoundPage } from './routes/not-found-page';

/*
 * Pages load on first visit (React.lazy). RootLayout's Suspense shows "loading" on a first load of a
 * page the browser renders alone; moving between pages is a transition (BrowserRouter wraps history
 * updates in startTransition), so the current page stays until the next one has loaded. Home comes
 * with the entry script. Browse, ad and seller pages arrive as server HTML (server/seo/pages.ts), so
 * their chunks delay hydration, not the paint (not hinted: server/seo/asset-hints.ts says why).
 */
const BrowseRoute = lazy(() => import('./routes/browse-route').then((m) => ({ default: m.BrowseRoute })));
const AuthPage = lazy(() => import('./features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const VerifiedPage = lazy(() =>
  import('./features/auth/verified-page').then((m) => ({ default: m.VerifiedPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SellerRoute = lazy(() => import('./routes/seller-route').then((m) => ({ default: m.SellerRoute })));
const AdDetailRoute = lazy(() =>
  import('./routes/ad-detail-route').then((m) => ({ default: m.AdDetailRoute })),
);
const EditAdPage = lazy(() =>
  import('./features/listings/edit-ad-page').then((m) => ({ default: m.EditAdPage })),
);
const UnsubscribePage = lazy(() =>
  import('./features/saved-searches/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const RenewPage = lazy(() =>
  import('./features/listings/renew-page').then((m) => ({ default: m.RenewPage })),
);
const PostAdPage = lazy(() =>
  import('./features/listings/post-ad-page').then((m) => ({ default: m.PostAdPage })),
);
const DashboardLayout = lazy(() =>
  import('./features/dashboard/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
const OverviewPage = lazy(() =>
  import('./features/dashboard/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const MyListingsRoute = lazy(() =>
  import('./routes/my-listings-route').then((m) => ({ default: m.MyListingsRoute })),
);
const ConversationsPage = lazy(() =>
  import('./features/messages/conversations-page').then((m) => ({ default: m.ConversationsPage })),
);
const ConversationRoute = lazy(() =>
  import('./routes/conversation-route').then((m) => ({ default: m.ConversationRoute })),
);
const DealsRoute = lazy(() => import('./routes/deals-route').then((m) => ({ default: m.DealsRoute })));
const HandoverRequestsPage = lazy(() =>
  import('./features/dealer-desk/handover-requests-page').then((m) => ({ default: m.HandoverRequestsPage })),
);
const SavedSearchesPage = lazy(() =>
  import('./features/saved-searches/saved-searches-page').then((m) => ({ default: m.SavedSearchesPage })),
);
const FavoritesRoute = lazy(() =>
  import('./routes/favorites-route').then((m) => ({ default: m.FavoritesRoute })),
);
const SettingsPage = lazy(() =>
  import('./features/account/settings-page').then((m) => ({ default: m.SettingsPage })),
);
// Issue 31: the legal pages (rendered on the server, server/seo/pages.ts) and the notice asking a
// signed-in user to accept new terms, loaded only once someone is signed in.
const legalPage = (name: 'TermsPage' | 'PrivacyPage' | 'ContactPage' | 'CookiesPage') =>
  lazy(() => import('./features/legal/legal-page').then((m) => ({ default: m[name] })));
const TermsPage = legalPage('TermsPage');
const PrivacyPage = legalPage('PrivacyPage');
const ContactPage = legalPage('ContactPage');
const CookiesPage = legalPage('CookiesPage');
const TermsNotice = lazy(() =>
  import('./features/legal/terms-notice').then((m) => ({ default: m.TermsNotice })),
);

function SignedInNotices() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <TermsNotice />
    </Suspense>
  );
}

// The admin panel is one chunk of its own, loaded only when someone opens it.
const AdminRoutes = lazy(() =>
  import('./features/admin/admin-routes').then((m) => ({ default: m.AdminRoutes })),
);

/**
 * The app's pages. A plain route table under BrowserRouter rather than a data router
 * (createBrowserRouter): nothing here uses loaders, actions or fetchers, and the data router's code
 * would add some 20 KB gzip to the home page's first load.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout notice={<SignedInNotices />} />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/verified', element: <VerifiedPage /> },
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/browse', element: <BrowseRoute /> },
      { path: '/ad/:id', element: <AdDetailRoute /> },
      { path: '/seller/:id', element: <SellerRoute /> },
      { path: '/ad/:id/edit', element: <EditAdPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/renew', element: <RenewPage /> },
      { path: '/termeni', element: <TermsPage /> },
      { path: '/confidentialitate', element: <PrivacyPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/cookies', element: <CookiesPage /> },
      { path: '/post-ad', element: <PostAdPage /> },
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <OverviewPage /> },
          { path: 'listings', element: <MyListingsRoute /> },
          { path: 'messages', element: <ConversationsPage /> },
          { path: 'messages/:conversationId', element: <ConversationRoute /> },
          { path: 'deals', element: <DealsRoute /> },
          { path: 'handovers', element: <HandoverRequestsPage /> },
          { path: 'saved-searches', element: <SavedSearchesPage /> },
          { path: 'favorites', element: <FavoritesRoute /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/admin/*', element: <AdminRoutes /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
