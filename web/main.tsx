import './lib/zod-jitless';
import { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, AppPages, QUERY_DEFAULTS } from './app';
import { ME_QUERY_KEY } from './lib/auth';
import { holdClockAt } from './lib/format';
import i18n from './lib/i18n';
import { isAnsweredForViewer } from './ssr/seed';
import { hydrateQueries, readSsrState } from './ssr/state';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
const app = (
  <App
    queryClient={queryClient}
    router={
      <BrowserRouter>
        <AppPages />
      </BrowserRouter>
    }
  />
);
const root = document.getElementById('root')!;
const ssr = readSsrState();

if (ssr) {
  // A public page the server rendered (server/seo/pages.ts): the first render must be the server's,
  // so it waits for the catalogs the server used and starts from the API answers it rendered, and
  // relative times count from the moment it rendered.
  hydrateQueries(queryClient, ssr.queries);
  askAgainAsSignedIn(queryClient);
  holdClockAt(ssr.renderedAt);
  const hydrate = () => hydrateRoot(root, app);
  i18n.loadNamespaces(ssr.namespaces).then(hydrate, hydrate);
} else {
  // A private page (dashboard, admin, forms), or the development server: the browser renders alone.
  createRoot(root).render(app);
}

/**
 * The server renders every public page as a visitor: what an answer says for the viewer (an ad's
 * `can` flags: the contact box, the owner's edit link) is a visitor's. Once the session turns out to
 * be someone's, those answers (and only those) are asked again as them; a visitor asks nothing again.
 */
function askAgainAsSignedIn(client: QueryClient) {
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== ME_QUERY_KEY[0] || query.state.status === 'pending') return;
    unsubscribe();
    if (query.state.data)
      void client.invalidateQueries({ predicate: (q) => isAnsweredForViewer(q.queryKey) });
  });
}
