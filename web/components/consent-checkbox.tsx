import { FieldError } from '@web/components/form-field';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  id: string;
  error?: string;
  onEdit(): void;
  register: UseFormRegisterReturn;
  children: ReactNode;
};

/**
 * A confirmation a form asks for (at registration 18 or older and the terms accepted; issue 29 the
 * buyer's attestation before a first message or offer): the whole row is its label,
 * and its error is tied to the box like a FormField's.
 */
export function ConsentCheckbox({ id, error, onEdit, register, children }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-3 rounded-md border p-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register}
          onChange={(event) => {
            void register.onChange(event);
            if (error) onEdit();
          }}
        />
        <label htmlFor={id} className="cursor-pointer text-sm">
          {children}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
