import type { AccountSession, ChangePasswordInput, Me, ProfileUpdateInput } from '@common/schemas/auth';
import type { DealerApplicationInput, DealerState } from '@common/schemas/dealers';
import type { DealerServicesInput, MyDealerServices } from '@common/schemas/handovers';
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

/**
 * Confirms the first code from the authenticator app, with the code mailed to the account (enrolment
 * is bound to the mailbox), which switches two-factor on and ends the account's other sessions.
 */
export const confirmTwoFactor = (code: string, emailCode: string) =>
  api('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code, emailCode } });

export const SESSIONS_QUERY_KEY = ['me', 'sessions'] as const;

export const fetchSessions = () => api<{ sessions: AccountSession[] }>('/api/me/sessions');

export const endSession = (id: string) =>
  api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () =>
  api<{ ended: number }>('/api/me/sessions/end-others', { method: 'POST' });

export const disableTwoFactor = (password: string) =>
  api('/api/auth/two-factor/disable', { method: 'POST', json: { password } });

export const DEALER_QUERY_KEY = ['me', 'dealer'] as const;

export const fetchDealerState = () => api<DealerState>('/api/me/dealer');

export const applyAsDealer = (input: DealerApplicationInput) =>
  api<DealerState>('/api/me/dealer', { method: 'POST', json: input });

/**
 * Issue 29: the transfer services a verified dealer offers; the dashboard's tab reads the same key.
 * Not under 'me': signing out keeps those, and the next account must not see this one's answer.
 */
export const DEALER_SERVICES_QUERY_KEY = ['my-dealer-services'] as const;

export const fetchDealerServices = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<MyDealerServices>('/api/me/dealer/services', { signal });

export const saveDealerServices = (input: DealerServicesInput) =>
  api<MyDealerServices>('/api/me/dealer/services', { method: 'PUT', json: input });
