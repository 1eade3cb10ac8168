import { cn } from '@web/lib/cn';
import { NavLink } from 'react-router';

export type Tab = { to: string; label: string; end?: boolean };

/**
 * A row of section links (dashboard, admin panel). On phones the tabs wrap onto a second line instead of
 * scrolling sideways: a strip wider than the screen hid its last tabs with no sign that more were there.
 */
export function TabNav({ tabs, label }: { tabs: Tab[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 sm:w-max sm:flex-nowrap">
        {tabs.map((tab) => (
          <li key={tab.to} className="grow sm:grow-0">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap transition-colors',
                  isActive
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
