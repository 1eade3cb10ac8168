import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { type ChangeEvent, cloneElement, type ReactElement, type ReactNode } from 'react';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>) => void;
};

type Props = {
  /** The control's id; its error and hint are `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Beside the label (a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Called on the first edit after an error, so the message goes once the user acts on it. */
  onEdit?: () => void;
  className?: string;
  /** One input, textarea or select: it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
};

/** A labelled control with its hint and its inline error, tied together for assistive technology. */
export function FormField({ id, label, error, hint, labelAside, onEdit, className, children }: Props) {
  const ids = [
    children.props['aria-describedby'],
    hint ? `${id}-hint` : undefined,
    error ? `${id}-error` : undefined,
  ];
  const describedBy = [...new Set(ids.join(' ').split(' ').filter(Boolean))].join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy || undefined,
    onChange: (event) => {
      children.props.onChange?.(event);
      if (error) onEdit?.();
    },
  });
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {control}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's message, for controls that are not a single input (a group of radios, the image picker). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}
