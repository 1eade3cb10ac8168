import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import type { z } from 'zod';

/** Spec section 5: a failed check shows one notice with the first rule's message, translated. */
export function firstIssueMessage(error: z.ZodError, t: TFunction): string {
  const key = error.issues[0]?.message ?? 'invalid';
  return t(`validation:${key}`, { defaultValue: t('validation:invalid') });
}

/** Parses form values with the shared schema; on failure shows the 'Validation Error' notice. */
export function validateOrNotify<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  toast.error(t('validation:title'), { description: firstIssueMessage(result.error, t) });
  return null;
}
