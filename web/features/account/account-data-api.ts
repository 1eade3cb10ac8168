import type { DataExport, DataExportList, DeleteAccountInput } from '@common/schemas/legal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const DATA_EXPORTS_QUERY_KEY = ['me', 'data-exports'] as const;

/** The latest exports; while one is being built the list is asked again every few seconds. */
export function useDataExports() {
  return useQuery({
    queryKey: DATA_EXPORTS_QUERY_KEY,
    queryFn: ({ signal }) => api<DataExportList>('/api/me/data-exports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued') ? 3000 : false,
  });
}

export const requestDataExport = () => api<DataExport>('/api/me/data-exports', { method: 'POST' });

export const downloadUrl = (id: string) => `/api/me/data-exports/${encodeURIComponent(id)}/download`;

export const deleteAccount = (input: DeleteAccountInput) =>
  api('/api/me/delete-account', { method: 'POST', json: input });
