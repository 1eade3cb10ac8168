import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The first rule's message, translated (one-field forms; others use useFormErrors from form-errors.ts). */
export function firstIssueMessage(error: z.ZodError, t: TFunction): string {
  const key = error.issues[0]?.message ?? 'invalid';
  return t(`validation:${key}`, { defaultValue: t('validation:invalid') });
}
