import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { useTranslation } from '@web/lib/use-translation';
import type { ReactNode, RefObject } from 'react';

/**
 * The phone's filter sheet, open from the moment it mounts (browse-page's FilterSheet mounts it when its
 * button is pressed and loads it apart). Closing gives the focus back to that button.
 */
export function FilterSheetDialog({
  count,
  total,
  onClear,
  onClose,
  returnFocusTo,
  children,
}: {
  count: number;
  total: number | null;
  onClear(): void;
  onClose(): void;
  /** The button that opened it (not a Radix trigger, which would load this module with the page). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation('listings');
  const close = () => {
    // A price typed but not yet applied is applied on the way out: leaving its box applies it.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onClose();
  };

  return (
    <Sheet open onOpenChange={(next) => !next && close()}>
      <SheetContent
        closeLabel={t('browse.closeFilters')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        // Escape first closes an open suggestion list, and only then the sheet.
        onEscapeKeyDown={(event) => {
          const target = event.target instanceof Element ? event.target : null;
          if (target?.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
        }}
      >
        <div className="border-b px-4 py-3 pr-12">
          <SheetTitle className="text-lg font-semibold">{t('browse.filters')}</SheetTitle>
          <SheetDescription className="sr-only">{t('browse.filtersHelp')}</SheetDescription>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        <div className="flex gap-2 border-t px-4 py-3">
          <Button type="button" variant="ghost" onClick={onClear} disabled={count === 0}>
            {t('chips.clear')}
          </Button>
          <Button type="button" className="flex-1" onClick={close}>
            {total === null ? t('browse.showResults') : t('browse.showCount', { count: total })}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
