import { z } from 'zod';
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../limits';
import { RETURN_PATH_MAX, safeReturnPath } from '../return-path';
import { ROLES } from '../roles';
import { LANGUAGES } from '../values';

// Messages are keys of the `validation` catalog: the web app translates them,
// the API answers with their English text.

/**
 * PostgreSQL text cannot hold NUL: a pasted one is dropped (before the length checks), as the server
 * does for ads and messages, rather than failing the request. For text that is stored or looked up.
 */
export const withoutNul = (text: string) => text.replaceAll('\u0000', '');

export const emailSchema = z
  .string({ error: 'emailInvalid' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'emailInvalid')
  .pipe(z.email({ error: 'emailInvalid' }));

export const newPasswordSchema = z
  .string({ error: 'passwordMin' })
  .min(PASSWORD_MIN, 'passwordMin')
  .max(PASSWORD_MAX, 'passwordMax');

const nameSchema = (
  required: 'firstNameRequired' | 'lastNameRequired',
  max: 'firstNameMax' | 'lastNameMax',
) => z.string({ error: required }).overwrite(withoutNul).trim().min(1, required).max(NAME_MAX, max);

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
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const resendVerificationSchema = z.object({ email: emailSchema, next: returnPathSchema.optional() });

export const requestPasswordResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().overwrite(withoutNul).min(1).max(500),
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
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(4, 'backupCode').max(64, 'backupCode'),
  trustDevice: z.boolean().optional(),
});

export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, 'phoneInvalid')
    .regex(/^(\+?[\d\s().-]{6,})?$/, 'phoneInvalid')
    .transform((value) => value || null)
    .nullish(),
  address: z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(ADDRESS_MAX, 'addressMax')
    .transform((value) => value || null)
    .nullish(),
  locale: localeSchema.optional(),
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
  }),
});
export type Me = z.infer<typeof meSchema>;
