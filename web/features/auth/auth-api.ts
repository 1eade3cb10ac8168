import type { SignInInput, SignUpInput } from '@common/schemas/auth';
import { api } from '@web/lib/api';
import { retryWhenBusy } from '@web/lib/busy-retry';

// Thin calls to the better-auth endpoints the server exposes under /api/auth.

// Both hash the password: a burst of them is answered 503 `busy`, which they wait out (busy-retry.ts).
export const signIn = (input: SignInInput) =>
  retryWhenBusy(() =>
    api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { method: 'POST', json: input }),
  );

export const signUp = (input: SignUpInput) =>
  retryWhenBusy(() => api('/api/auth/sign-up/email', { method: 'POST', json: input }));

export const resendVerification = (email: string, next?: string) =>
  api('/api/auth/send-verification-email', { method: 'POST', json: { email, next } });

export const requestPasswordReset = (email: string) =>
  api('/api/auth/request-password-reset', { method: 'POST', json: { email } });

export const resetPassword = (token: string, newPassword: string) =>
  api('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

export const verifyTotp = (code: string) =>
  api('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code, trustDevice: false } });

export const verifyBackupCode = (code: string) =>
  api('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code, trustDevice: false } });
