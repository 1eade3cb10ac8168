import { caliberLabel } from '@common/calibers';
import { countyName } from '@common/counties';
import { formatPrice } from '@common/price';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import i18next, { type TFunction } from 'i18next';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type BrowseFilters, NARROWING_KEYS, type NarrowingKey } from './browse-filters';

const price = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? formatPrice(n, i18next.language ?? 'ro') : value;
};

/** The words a chip shows for one active filter. */
export function chipLabel(t: TFunction<'listings'>, key: NarrowingKey, filters: BrowseFilters): string {
  const value = filters[key];
  switch (key) {
    case 'category':
      return t(`categories.${filters.category}`);
    case 'condition':
      return t(`conditions.${filters.condition}`);
    case 'county':
      return countyName(value) ?? value;
    case 'priceMin':
      return t('chips.priceMin', { price: price(value) });
    case 'priceMax':
      return t('chips.priceMax', { price: price(value) });
    case 'caliber':
      return caliberLabel(value) ?? value;
    case 'action':
      return t(`actions.${filters.action}`);
    case 'brand':
      return value;
    case 'legal':
      return t(`legal.badge.${filters.legal}`);
    case 'dealer':
      return t('chips.dealer');
    case 'available':
      return t('chips.available');
  }
}

type Props = {
  filters: BrowseFilters;
  onRemove(key: NarrowingKey): void;
  /** Clears every narrowing filter, keeping the search text and the sort. */
  onClear(): void;
};

/** One button per active filter; pressing it removes that filter. */
export function BrowseFilterChips({ filters, onRemove, onClear }: Props) {
  const { t } = useTranslation('listings');
  const listRef = useRef<HTMLUListElement>(null);
  const active = NARROWING_KEYS.filter((key) => filters[key].trim() !== '');
  const shown = active.join(' ');
  // After a chip goes, the focus moves to the chip that took its place rather than falling to the page.
  // The URL (and so the list) changes a moment after the click: wait for the list without that chip.
  const pending = useRef<{ index: number; from: string } | null>(null);

  useEffect(() => {
    const target = pending.current;
    if (!target || target.from === shown) return;
    pending.current = null;
    const buttons = listRef.current?.querySelectorAll('button');
    if (buttons?.length) buttons[Math.min(target.index, buttons.length - 1)]?.focus();
  }, [shown]);

  if (active.length === 0) return null;
  return (
    <ul ref={listRef} aria-label={t('chips.label')} className="flex flex-wrap items-center gap-2">
      {active.map((key, index) => {
        const label = chipLabel(t, key, filters);
        return (
          <li key={key}>
            <button
              type="button"
              aria-label={t('chips.remove', { label })}
              onClick={() => {
                pending.current = { index, from: shown };
                onRemove(key);
              }}
              className="inline-flex h-8 max-w-[16rem] items-center gap-1.5 rounded-full border bg-secondary pr-2 pl-3 text-sm text-secondary-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              data-testid="filter-chip"
            >
              <span className="truncate">{label}</span>
              <X className="size-4 shrink-0" aria-hidden="true" />
            </button>
          </li>
        );
      })}
      {active.length > 1 && (
        <li>
          <Button type="button" variant="ghost" size="sm" className="h-8 px-2" onClick={onClear}>
            {t('chips.clear')}
          </Button>
        </li>
      )}
    </ul>
  );
}
