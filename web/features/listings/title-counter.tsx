import type { AdInput } from '@common/schemas/ads';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { type Control, useWatch } from 'react-hook-form';

/**
 * "12/100" beside the title's label (issue 26): the field stops at its maximum, so the writer
 * sees how much room is left instead of typing into a wall.
 */
export function TitleCounter({ control, max }: { control: Control<AdInput>; max: number }) {
  const { t } = useTranslation('listings');
  const length = Array.from(useWatch({ control, name: 'title' }) ?? '').length;
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        length >= max ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
      data-testid="title-counter"
    >
      <span aria-hidden="true">
        {length}/{max}
      </span>
      <span className="sr-only">{t('form.titleCount', { count: length, max })}</span>
    </span>
  );
}
