import './lib/zod-jitless';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AfterPaint } from './components/after-paint';
import { AuthProvider } from './lib/auth';
import './lib/i18n';
import { AppRoutes } from './router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

// Sonner is not needed for the first paint, so it loads after it. Notices sent before it has mounted
// (lib/notify) wait for it.
const AppToaster = lazy(() => import('./components/layout/app-toaster'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
        <AfterPaint>
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </AfterPaint>
      </QueryClientProvider>
    </Suspense>
  </StrictMode>,
);
