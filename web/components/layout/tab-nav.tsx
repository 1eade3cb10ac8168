import { cn } from '@web/lib/cn';
import { NavLink } from 'react-router';

export type Tab = { to: string; label: string; end?: boolean };

/**
 * A row of section links (dashboard, admin panel). On phones the tabs sit in a grid of three columns
 * (two rows for the dashboard's six) instead of scrolling sideways: a strip wider than the screen hid
 * its last tabs with no sign that more were there, and tabs left to wrap took three ragged rows.
 * Seven tabs or more (the dashboard since deals) take four columns, so still two rows.
 */
export function TabNav({ tabs, label }: { tabs: Tab[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul
        className={cn(
          'grid gap-1 rounded-lg bg-muted p-1 sm:flex sm:w-max',
          tabs.length > 6 ? 'grid-cols-4 text-[0.8125rem] sm:text-sm' : 'grid-cols-3 text-sm',
        )}
      >
        {tabs.map((tab) => (
          <li key={tab.to} className="flex">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'flex w-full items-center justify-center rounded-md px-1 py-1.5 text-center leading-tight font-medium transition-colors sm:px-3 sm:whitespace-nowrap',
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
