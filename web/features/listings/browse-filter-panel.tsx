import { SEARCH_MAX } from '@common/limits';
import { CATEGORIES, CONDITIONS, SORTS } from '@common/values';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrowseFilters, hasActiveFilters } from './browse-filters';

type Props = {
  filters: BrowseFilters;
  /** `typing` marks a keystroke in the search box: the caller replaces the history entry instead of adding one. */
  onChange(next: BrowseFilters, options?: { typing?: boolean }): void;
  onReset(): void;
};

export function BrowseFilterPanel({ filters, onChange, onReset }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  const set = <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <search
      aria-label={t('browse.filters')}
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:p-4"
    >
      <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-q`}>{t('browse.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              enterKeyHint="search"
              className="pl-9"
              maxLength={SEARCH_MAX}
              placeholder={t('browse.searchPlaceholder')}
              value={filters.q}
              onChange={(event) => onChange({ ...filters, q: event.target.value }, { typing: true })}
            />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-category`}>{t('browse.category')}</Label>
            <NativeSelect
              id={`${id}-category`}
              value={filters.category}
              onChange={(event) => set('category', event.target.value as BrowseFilters['category'])}
            >
              <option value="">{t('browse.allCategories')}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-condition`}>{t('browse.condition')}</Label>
            <NativeSelect
              id={`${id}-condition`}
              value={filters.condition}
              onChange={(event) => set('condition', event.target.value as BrowseFilters['condition'])}
            >
              <option value="">{t('browse.allConditions')}</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {t(`conditions.${condition}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
            <Label htmlFor={`${id}-sort`}>{t('browse.sort')}</Label>
            <NativeSelect
              id={`${id}-sort`}
              value={filters.sort}
              onChange={(event) => set('sort', event.target.value as BrowseFilters['sort'])}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sorts.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>
      {hasActiveFilters(filters) && (
        <Button type="button" variant="ghost" size="sm" className="-ml-2 self-start px-2" onClick={onReset}>
          <X aria-hidden="true" />
          {t('browse.reset')}
        </Button>
      )}
    </search>
  );
}
