import { caliberOfText } from '@common/calibers';
import { BRAND_MAX, CALIBER_MAX } from '@common/limits';
import { canonicalBrand, KNOWN_BRANDS } from '@common/values';
import { Combobox, type ComboboxOption } from '@web/components/ui/combobox';
import { useTranslation } from '@web/lib/use-translation';
import type { ComponentProps } from 'react';
import { brandOptions, caliberOptionLabel, caliberOptions } from './search-options';

type InputProps = Omit<
  ComponentProps<typeof Combobox>,
  'options' | 'onSelectOption' | 'listLabel' | 'onCommit' | 'value' | 'onValueChange'
> & { value: string; onValueChange(text: string): void };

/** Stands for "keep what I typed" in the caliber list. */
const OTHER = '\u0000other';

/**
 * The ad's caliber: a known caliber chosen from the list (any of its names finds it), or, with
 * 'Other caliber', the text as typed. The server maps a known name to the caliber the filter uses.
 */
export function CaliberInput({ value, onValueChange, hintId, ...props }: InputProps & { hintId: string }) {
  const { t } = useTranslation('listings');
  // The caliber the server will file the ad under: a known name, or one written inside the text.
  const known = caliberOfText(value);
  const typed = value.trim();
  // With a chosen caliber's label in the box, the list shows every caliber, so another can be picked.
  const options: ComboboxOption[] = caliberOptions(known && value === caliberOptionLabel(known) ? '' : value);
  if (typed && !known) options.push({ value: OTHER, label: t('form.otherCaliber', { text: typed }) });

  const hint = known
    ? t('form.caliberKnown', { label: caliberOptionLabel(known) })
    : typed
      ? t('form.caliberOther')
      : t('form.caliberHelp');

  return (
    <>
      <Combobox
        {...props}
        value={value}
        onValueChange={onValueChange}
        options={options}
        selectedValue={known ?? (typed ? OTHER : undefined)}
        onSelectOption={(option) => onValueChange(option.value === OTHER ? typed : option.label)}
        listLabel={t('fields.caliber')}
        maxLength={CALIBER_MAX}
        placeholder={t('form.caliberPlaceholder')}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </>
  );
}

/** The ad's brand: a known brand from the list, or any other text. */
export function BrandInput({ value, onValueChange, onBlur, ...props }: InputProps) {
  const { t } = useTranslation('listings');
  const isKnown = (KNOWN_BRANDS as readonly string[]).includes(value);
  return (
    <Combobox
      {...props}
      value={value}
      onValueChange={onValueChange}
      options={brandOptions(isKnown ? '' : value)}
      selectedValue={value.trim()}
      onSelectOption={(option) => onValueChange(option.value)}
      onCommit={(text) => {
        const canonical = canonicalBrand(text);
        if (canonical !== text) onValueChange(canonical);
      }}
      onBlur={onBlur}
      listLabel={t('fields.brand')}
      maxLength={BRAND_MAX}
      placeholder={t('form.brandPlaceholder')}
    />
  );
}
