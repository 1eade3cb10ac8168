import type { ChangePasswordInput, Me, ProfileUpdateInput } from '@common/schemas/auth';
import type { DealerApplicationInput, DealerState } from '@common/schemas/dealers';
import { api } from '@web/lib/api';

export const updateProfile = (input: ProfileUpdateInput) =>
  api<Me>('/api/me/profile', { method: 'PATCH', json: input });

export const changePassword = (input: ChangePasswordInput) =>
  api('/api/auth/change-password', { method: 'POST', json: input });

export const enableTwoFactor = (password: string) =>
  api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
    method: 'POST',
    json: { password },
  });

/** Confirms the first code from the authenticator app, which switches two-factor on. */
export const confirmTwoFactor = (code: string) =>
  api('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code } });

export const disableTwoFactor = (password: string) =>
  api('/api/auth/two-factor/disable', { method: 'POST', json: { password } });

export const DEALER_QUERY_KEY = ['me', 'dealer'] as const;

export const fetchDealerState = () => api<DealerState>('/api/me/dealer');

export const applyAsDealer = (input: DealerApplicationInput) =>
  api<DealerState>('/api/me/dealer', { method: 'POST', json: input });
