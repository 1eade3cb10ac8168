import { useTranslation } from '@web/lib/use-translation';
import { useCallback, useId, useMemo, useState } from 'react';
import type { z } from 'zod';

/** What a FormField needs to show a field's error: the control's id, the message, and how to clear it. */
export type FieldState = { id: string; error?: string; onEdit(): void };

export type FormErrors<F extends string> = {
  /** Props for the FormField of `name`. */
  field(name: F): FieldState;
  /**
   * Parses `values` with the form's shared schema. On failure every field in error gets its message,
   * the first of `order` (the order on screen) gets focus, and null comes back.
   */
  check<S extends z.ZodType>(schema: S, values: unknown, order: readonly F[]): z.output<S> | null;
  /** Marks one field invalid by a validation catalog key (a check the schema cannot make) and focuses it. */
  fail(name: F, key: string): void;
  clear(): void;
};

/** The first issue's key for each field named in `order`; issues for other paths go to the first field. */
export function issuesByField<F extends string>(
  error: z.ZodError,
  order: readonly F[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const name = order.find((field) => field === head) ?? order[0];
    if (name !== undefined && found[name] === undefined) found[name] = issue.message;
  }
  return found;
}

/**
 * Inline validation for a form: each message under its field (with aria-invalid and aria-describedby,
 * through FormField), focus on the first invalid one. Toasts stay for what the server answers.
 */
export function useFormErrors<F extends string>(): FormErrors<F> {
  const { t } = useTranslation('validation');
  const prefix = useId();
  const [keys, setKeys] = useState<Partial<Record<F, string>>>({});

  const idOf = useCallback((name: F) => `${prefix}-${name}`, [prefix]);
  const focus = useCallback((name: F) => document.getElementById(idOf(name))?.focus(), [idOf]);

  return useMemo<FormErrors<F>>(
    () => ({
      field: (name) => {
        const key = keys[name];
        return {
          id: idOf(name),
          error: key ? t(key, { defaultValue: t('invalid') }) : undefined,
          onEdit: () =>
            setKeys((current) => (current[name] === undefined ? current : { ...current, [name]: undefined })),
        };
      },
      check: (schema, values, order) => {
        const result = schema.safeParse(values);
        if (result.success) {
          setKeys({});
          return result.data;
        }
        const found = issuesByField(result.error, order);
        setKeys(found);
        const first = order.find((name) => found[name] !== undefined);
        if (first) focus(first);
        return null;
      },
      fail: (name, key) => {
        setKeys({ [name]: key } as Partial<Record<F, string>>);
        focus(name);
      },
      clear: () => setKeys({}),
    }),
    [keys, idOf, focus, t],
  );
}
