import type { LegalInfo, LegalStatus } from '@common/schemas/legal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const legalKeys = {
  info: ['legal', 'info'] as const,
  status: ['legal', 'status'] as const,
};

/** Who runs the site and the texts' versions: the server puts the answer in the page (web/ssr/seed.ts). */
export function useLegalInfo() {
  return useQuery({
    queryKey: legalKeys.info,
    queryFn: ({ signal }) => api<LegalInfo>('/api/legal', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What the signed-in user accepted, and whether the current terms still need their acceptance. */
export function useLegalStatus(enabled: boolean) {
  return useQuery({
    queryKey: legalKeys.status,
    queryFn: ({ signal }) => api<LegalStatus>('/api/me/legal', { signal }),
    enabled,
  });
}

export const acceptTerms = (versions: { termsVersion: string; privacyVersion: string }) =>
  api<LegalStatus>('/api/me/legal/accept', { method: 'POST', json: versions });
