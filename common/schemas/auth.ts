import { z } from 'zod';
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../limits';
import { RETURN_PATH_MAX, safeReturnPath } from '../return-path';
import { ROLES } from '../roles';
import { LANGUAGES } from '../values';
import { signUpConsentFields } from './legal';
import { singleLineText, untrimmedSingleLine } from './text';

// Messages are keys of the `validation` catalog: the web app translates them,
// the API answers with their English text.

export const emailSchema = z
  .string({ error: 'emailInvalid' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'emailInvalid')
  .pipe(z.email({ error: 'emailInvalid' }));

/** A password being chosen. Those typed to sign in or confirm are taken as they are (set before this rule). */
export const newPasswordSchema = untrimmedSingleLine({ error: 'passwordMin' })
  .min(PASSWORD_MIN, 'passwordMin')
  .max(PASSWORD_MAX, 'passwordMax');

const nameSchema = (
  required: 'firstNameRequired' | 'lastNameRequired',
  max: 'firstNameMax' | 'lastNameMax',
) => singleLineText({ error: required }).min(1, required).max(NAME_MAX, max);

export const firstNameSchema = nameSchema('firstNameRequired', 'firstNameMax');
export const lastNameSchema = nameSchema('lastNameRequired', 'lastNameMax');
export const localeSchema = z.enum(LANGUAGES);

export const signInSchema = z.object({
  email: emailSchema,
  // Only a shape check: the real rule was applied when the password was chosen.
  password: z
    .string({ error: 'passwordMin' })
    .min(PASSWORD_MIN, 'passwordMin')
    .max(PASSWORD_MAX, 'passwordMax'),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The page to come back to after the mailed link (common/return-path.ts), already in its safe form. */
export const returnPathSchema = z
  .string()
  .max(RETURN_PATH_MAX, 'invalid')
  .refine((value) => safeReturnPath(value) === value, 'invalid');

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  locale: localeSchema.default('ro'),
  next: returnPathSchema.optional(),
  // Issue 31: 18 or older, and the terms and privacy notice accepted (their versions come from the server).
  ...signUpConsentFields,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const resendVerificationSchema = z.object({ email: emailSchema, next: returnPathSchema.optional() });

export const requestPasswordResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: untrimmedSingleLine().min(1).max(500),
  newPassword: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'currentPasswordRequired').max(PASSWORD_MAX, 'passwordMax'),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().default(true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const passwordConfirmSchema = z.object({
  password: z.string().min(1, 'currentPasswordRequired').max(PASSWORD_MAX, 'passwordMax'),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'totpCode'),
  trustDevice: z.boolean().optional(),
  /** Enrolment only: the code mailed to the account's address (server/auth/two-factor-steps.ts). */
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'emailCode')
    .optional(),
});

export const backupCodeSchema = z.object({
  code: singleLineText().min(4, 'backupCode').max(64, 'backupCode'),
  trustDevice: z.boolean().optional(),
});

export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: singleLineText()
    .max(PHONE_MAX, 'phoneInvalid')
    .regex(/^(\+?[\d\s().-]{6,})?$/, 'phoneInvalid')
    .transform((value) => value || null)
    .nullish(),
  address: singleLineText()
    .max(ADDRESS_MAX, 'addressMax')
    .transform((value) => value || null)
    .nullish(),
  locale: localeSchema.optional(),
  /** Issue 28: mail me when an ad in my favorites gets cheaper. */
  priceDropAlerts: z.boolean().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** What /api/me answers: the signed-in person as the web app needs them. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  twoFactorEnabled: z.boolean(),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    locale: localeSchema,
    isActive: z.boolean(),
    createdAt: z.string(),
    priceDropAlerts: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

/** One session of the signed-in account, as Settings lists them (issue 26). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Read from the user agent; null when it names none we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const endedSessionsSchema = z.object({ ended: z.number().int() });
