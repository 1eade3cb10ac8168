import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A styled native <select>: the phone's own picker on mobile, works with `register` and with plain forms.
 * Pass <option> children; `className` applies to the wrapper so width and grid placement stay with the caller.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
