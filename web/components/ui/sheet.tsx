import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Sheet = Primitive.Root;
export const SheetTrigger = Primitive.Trigger;
export const SheetClose = Primitive.Close;
export const SheetTitle = Primitive.Title;
export const SheetDescription = Primitive.Description;

/**
 * A dialog that slides over the page from the right edge at full height: the phone's filter panel.
 * Radix keeps the focus inside, closes on Escape and gives the focus back to the button that opened it.
 */
export function SheetContent({
  className,
  children,
  closeLabel,
  ...props
}: ComponentProps<typeof Primitive.Content> & { closeLabel: string }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Primitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-dvh w-[min(26rem,100%)] flex-col border-l bg-background shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
        <Primitive.Close
          className="absolute top-3 right-3 rounded-sm p-1.5 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}
