import { type CaliberId, caliberOfName } from '@common/calibers';
import { COUNTIES } from '@common/counties';
import { LEGAL_CATEGORIES } from '@common/legal';
import { BRAND_MAX } from '@common/limits';
import { ACTIONS, CATEGORIES, CONDITIONS, canonicalBrand } from '@common/values';
import { Combobox, type ComboboxOption } from '@web/components/ui/combobox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useTranslation } from '@web/lib/use-translation';
import { type KeyboardEvent, useId, useState } from 'react';
import { type BrowseFilters, type NarrowingKey, normalizePrice } from './browse-filters';
import { brandOptions, caliberOptionLabel, caliberOptions } from './search-options';

export type FiltersProblem = { field: NarrowingKey; message: string } | null;

type Props = {
  filters: BrowseFilters;
  onChange(next: BrowseFilters): void;
  /** What the browse schema refuses in the filters (a minimum price above the maximum), shown by its field. */
  problem: FiltersProblem;
};

/**
 * The filters that narrow the list. Selects apply at once; the price bounds when the box is left or
 * Enter is pressed, so a number half typed does not fetch; the caliber and the brand when one is chosen.
 */
export function BrowseFilterPanel({ filters, onChange, problem }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  const set = <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) => {
    if (filters[key] !== value) onChange({ ...filters, [key]: value });
  };

  return (
    <div className="flex flex-col gap-4">
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
        <Label htmlFor={`${id}-county`}>{t('browse.county')}</Label>
        <NativeSelect
          id={`${id}-county`}
          value={filters.county}
          onChange={(event) => set('county', event.target.value as BrowseFilters['county'])}
        >
          <option value="">{t('browse.allCounties')}</option>
          {COUNTIES.map((county) => (
            <option key={county.code} value={county.code}>
              {county.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PriceRange filters={filters} onChange={onChange} problem={problem} />
      <CaliberFilter value={filters.caliber} onChange={(caliber) => set('caliber', caliber)} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-action`}>{t('fields.action')}</Label>
        <NativeSelect
          id={`${id}-action`}
          value={filters.action}
          onChange={(event) => set('action', event.target.value as BrowseFilters['action'])}
        >
          <option value="">{t('browse.anyAction')}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <BrandFilter value={filters.brand} onChange={(brand) => set('brand', brand)} />
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
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-legal`}>{t('browse.legal')}</Label>
        <NativeSelect
          id={`${id}-legal`}
          value={filters.legal}
          onChange={(event) => set('legal', event.target.value as BrowseFilters['legal'])}
        >
          <option value="">{t('browse.anyLegal')}</option>
          {LEGAL_CATEGORIES.map((legal) => (
            <option key={legal} value={legal}>
              {t(`legal.badge.${legal}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <label
        htmlFor={`${id}-dealer`}
        className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm"
      >
        <input
          id={`${id}-dealer`}
          type="checkbox"
          checked={filters.dealer === '1'}
          onChange={(event) => set('dealer', event.target.checked ? '1' : '')}
          className="size-4 accent-primary"
        />
        {t('browse.dealerOnly')}
      </label>
      <label
        htmlFor={`${id}-available`}
        className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm"
      >
        <input
          id={`${id}-available`}
          type="checkbox"
          checked={filters.available === '1'}
          onChange={(event) => set('available', event.target.checked ? '1' : '')}
          className="size-4 accent-primary"
        />
        {t('browse.hideReserved')}
      </label>
    </div>
  );
}

/** Two bounds in RON, each applied when its box is left or Enter is pressed. */
function PriceRange({ filters, onChange, problem }: Props) {
  const { t } = useTranslation(['listings', 'validation']);
  const id = useId();
  const [drafts, setDrafts] = useState({ priceMin: filters.priceMin, priceMax: filters.priceMax });
  // The boxes take the URL's values again when the URL changes by other means (a chip, Back).
  const [seen, setSeen] = useState(drafts);
  if (seen.priceMin !== filters.priceMin || seen.priceMax !== filters.priceMax) {
    const next = { priceMin: filters.priceMin, priceMax: filters.priceMax };
    setSeen(next);
    setDrafts(next);
  }

  const commit = (key: 'priceMin' | 'priceMax') => {
    const value = normalizePrice(drafts[key]);
    setDrafts((current) => ({ ...current, [key]: value }));
    if (value !== filters[key]) onChange({ ...filters, [key]: value });
  };
  const enter = (key: 'priceMin' | 'priceMax') => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(key);
    }
  };

  const error =
    problem && (problem.field === 'priceMin' || problem.field === 'priceMax')
      ? t(`validation:${problem.message}`, { defaultValue: t('validation:invalid') })
      : undefined;
  const errorId = `${id}-error`;
  const box = (key: 'priceMin' | 'priceMax') => ({
    id: `${id}-${key}`,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    maxLength: 20,
    value: drafts[key],
    placeholder: t(key === 'priceMin' ? 'browse.priceFromPlaceholder' : 'browse.priceToPlaceholder'),
    onChange: (event: { target: { value: string } }) =>
      setDrafts((current) => ({ ...current, [key]: event.target.value })),
    onBlur: () => commit(key),
    onKeyDown: enter(key),
    'aria-invalid': problem?.field === key ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium leading-none">{t('browse.price')}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-priceMin`} className="text-xs font-normal text-muted-foreground">
            {t('browse.priceMin')}
          </Label>
          <Input {...box('priceMin')} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-priceMax`} className="text-xs font-normal text-muted-foreground">
            {t('browse.priceMax')}
          </Label>
          <Input {...box('priceMax')} />
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid="price-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A caliber chosen from the list; any of its names finds it ('parabellum' finds 9x19). */
function CaliberFilter({
  value,
  onChange,
}: {
  value: CaliberId | '';
  onChange(value: CaliberId | ''): void;
}) {
  const { t } = useTranslation('listings');
  const id = useId();
  const label = caliberOptionLabel(value);
  const [text, setText] = useState(label);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(label);
  }
  // The chosen caliber's own label in the box lists every caliber, so another can be picked.
  const options = caliberOptions(text === label ? '' : text);

  const choose = (next: CaliberId | '') => {
    setText(caliberOptionLabel(next));
    if (next !== value) onChange(next);
  };
  const commit = (typed: string) => {
    if (!typed.trim()) return choose('');
    const found = caliberOfName(typed) ?? (options.length === 1 ? (options[0]!.value as CaliberId) : null);
    if (found) choose(found);
    else setText(label);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-caliber`}>{t('fields.caliber')}</Label>
      <Combobox
        id={`${id}-caliber`}
        value={text}
        onValueChange={setText}
        options={options}
        selectedValue={value}
        onSelectOption={(option: ComboboxOption) => choose(option.value as CaliberId)}
        onCommit={commit}
        placeholder={t('browse.anyCaliber')}
        listLabel={t('fields.caliber')}
        emptyText={t('browse.noCaliber')}
        maxLength={40}
      />
    </div>
  );
}

/** A known brand from the list, or any text (applied when the box is left or Enter is pressed). */
function BrandFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('listings');
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const apply = (typed: string) => {
    const next = canonicalBrand(typed);
    setText(next);
    if (next !== value) onChange(next);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-brand`}>{t('fields.brand')}</Label>
      <Combobox
        id={`${id}-brand`}
        value={text}
        onValueChange={setText}
        options={brandOptions(text === value ? '' : text)}
        selectedValue={value}
        onSelectOption={(option) => apply(option.value)}
        onCommit={apply}
        placeholder={t('browse.anyBrand')}
        listLabel={t('fields.brand')}
        maxLength={BRAND_MAX}
      />
    </div>
  );
}
