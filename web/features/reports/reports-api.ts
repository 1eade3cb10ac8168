import type { ReportInput, ReportResult } from '@common/schemas/reports';
import { api } from '@web/lib/api';

export const reportAd = (adId: string, input: ReportInput) =>
  api<ReportResult>(`/api/ads/${encodeURIComponent(adId)}/reports`, { method: 'POST', json: input });
