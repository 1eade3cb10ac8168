import { Navigate, useRoutes } from 'react-router';
import { AdminLayout } from './admin-layout';
import { AuditRoute } from './audit-page';
import { DealersPage } from './dealers-page';
import { QueuePage } from './queue-page';
import { ReportsPage } from './reports-page';
import { SuspectsPage } from './suspects-page';
import { TrustPage } from './trust-page';
import { UsersPage } from './users-page';

/**
 * /admin/*: the whole admin panel is one chunk, loaded when someone opens it. The app's router knows
 * only this one lazy route, so the home page's own script does not grow with the panel's tabs.
 */
export function AdminRoutes() {
  return useRoutes([
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <QueuePage /> },
        { path: 'reports', element: <ReportsPage /> },
        { path: 'users', element: <UsersPage /> },
        { path: 'suspects', element: <SuspectsPage /> },
        { path: 'trust', element: <TrustPage /> },
        { path: 'dealers', element: <DealersPage /> },
        { path: 'audit', element: <AuditRoute /> },
        // An unknown address under /admin goes to the queue.
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
  ]);
}
