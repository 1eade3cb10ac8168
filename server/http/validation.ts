import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { AppError } from '../errors';

// The schemas in common/ carry keys of the web app's `validation` catalog; the API answers in English.
const catalogPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/public/locales/en/validation.json',
);
const englishMessages: Record<string, string> = JSON.parse(readFileSync(catalogPath, 'utf8'));

export function validationMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid input';
  const text = englishMessages[issue.message] ?? issue.message;
  return issue.path.length ? `${issue.path.join('.')}: ${text}` : text;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError(400, 'validation_error', validationMessage(error.issues[0]));
}

/** Parses input with a shared schema; unknown fields are dropped, a failure is the API's 400 answer. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
