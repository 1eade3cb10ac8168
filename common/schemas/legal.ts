import { z } from 'zod';
import { PASSWORD_MAX } from '../limits';
import { singleLineText } from './text';

/**
 * What registering asks besides the account (issue 31): the person confirms being 18 or older and
 * accepts the terms and the privacy notice. Only `true` passes; the versions accepted come from the
 * server's configuration, never from the client.
 */
export const signUpConsentFields = {
  acceptAdult: z.literal(true, { error: 'adultRequired' }),
  acceptTerms: z.literal(true, { error: 'termsRequired' }),
};

/** The versions a signed-in user accepts when the terms changed: they must be the current ones. */
export const legalAcceptSchema = z.object({
  termsVersion: singleLineText().min(1).max(40),
  privacyVersion: singleLineText().min(1).max(40),
});
export type LegalAcceptInput = z.input<typeof legalAcceptSchema>;

const acceptance = z.object({ version: z.string(), acceptedAt: z.string() }).nullable();

/** GET /api/me/legal: the current versions, what the user last accepted, and whether they must accept again. */
export const legalStatusSchema = z.object({
  current: z.object({ terms: z.string(), privacy: z.string() }),
  accepted: z.object({ adult: acceptance, terms: acceptance, privacy: acceptance }),
  mustAccept: z.boolean(),
});
export type LegalStatus = z.infer<typeof legalStatusSchema>;

/** GET /api/legal: who runs the site (null where the operator has not configured it) and the versions. */
export const legalInfoSchema = z.object({
  operator: z.object({
    name: z.string().nullable(),
    cui: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
  }),
  versions: z.object({ terms: z.string(), privacy: z.string() }),
});
export type LegalInfo = z.infer<typeof legalInfoSchema>;

export const DATA_EXPORT_STATUSES = ['queued', 'ready', 'expired'] as const;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;

/**
 * Deleting the account: the password, and with two-factor on a current code from the authenticator
 * (or a backup code).
 */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'currentPasswordRequired').max(PASSWORD_MAX, 'passwordMax'),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,20}$/, 'totpCode')
    .optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
