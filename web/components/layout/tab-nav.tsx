import { cn } from '@web/lib/cn';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export type Tab = { to: string; label: string; end?: boolean };

/** A row of section links (dashboard, admin panel) that scrolls sideways on phones, current tab in view. */
export function TabNav({ tabs, label }: { tabs: Tab[]; label: string }) {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>(`a[href="${pathname}"]`);
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={navRef} aria-label={label} className="-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 rounded-lg bg-muted p-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
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
