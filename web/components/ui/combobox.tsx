import { cn } from '@web/lib/cn';
import { Check, ChevronDown } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useEffect, useId, useState } from 'react';

export type ComboboxOption = { value: string; label: string; hint?: string };

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onSelect' | 'role'> & {
  /** The text in the box. */
  value: string;
  onValueChange(text: string): void;
  /** The options for the current text: the caller filters, so each field decides what matches. */
  options: readonly ComboboxOption[];
  onSelectOption(option: ComboboxOption): void;
  /** Enter or leaving the box without choosing an option: the caller keeps, maps or reverts the text. */
  onCommit?(text: string): void;
  /** The option shown as chosen (a check mark). */
  selectedValue?: string;
  listLabel: string;
  /** Shown in the open list when no option matches. */
  emptyText?: string;
};

/**
 * A text box with a list of suggestions (the ARIA 1.2 combobox pattern): typing filters, arrows move
 * through the list while focus stays in the box, Enter chooses, Escape closes the list.
 */
export function Combobox({
  value,
  onValueChange,
  options,
  onSelectOption,
  onCommit,
  selectedValue,
  listLabel,
  emptyText,
  className,
  onBlur,
  onKeyDown,
  ...inputProps
}: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const activeIndex = open && options.length > 0 ? Math.min(active, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    const element = document.getElementById(optionId(activeIndex));
    element?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (option: ComboboxOption) => {
    onSelectOption(option);
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (!open) {
      setOpen(true);
      setActive(step === 1 ? 0 : options.length - 1);
      return;
    }
    if (options.length === 0) return;
    setActive((activeIndex + step + options.length) % options.length);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Not stopped by defaultPrevented: a dialog around the box prevents Escape to keep itself open.
    onKeyDown?.(event);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const option = activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      } else {
        setOpen(false);
        onCommit?.(value);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const showList = open && (options.length > 0 || Boolean(emptyText));

  return (
    <div className={cn('relative', className)}>
      <input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(event.target.value.trim() ? 0 : -1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={keyDown}
        onBlur={(event) => {
          setOpen(false);
          onCommit?.(value);
          onBlur?.(event);
        }}
        className="h-10 w-full rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm"
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-5 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!showList}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {/* Options exist only while the list is open: a closed list of 95 calibers was half the SVGs of
            every server-rendered /browse page (issue 27). */}
        {showList &&
          options.map((option, index) => (
            // Keys are handled by the box (aria-activedescendant); the pointer chooses here.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              // Keeps the focus in the box, so choosing does not first blur (and commit) the typed text.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => activeIndex !== index && setActive(index)}
              onClick={() => choose(option)}
              className={cn(
                'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm select-none',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
            >
              <Check
                aria-hidden="true"
                className={cn(
                  'size-4 shrink-0',
                  option.value === selectedValue ? 'opacity-100' : 'opacity-0',
                )}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {option.hint && <span className="shrink-0 text-xs text-muted-foreground">{option.hint}</span>}
            </div>
          ))}
        {showList && options.length === 0 && emptyText && (
          <div className="px-2 py-2 text-sm text-muted-foreground">{emptyText}</div>
        )}
      </div>
    </div>
  );
}
