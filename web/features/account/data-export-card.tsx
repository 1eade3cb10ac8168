import type { DataExport } from '@common/schemas/legal';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiErrorText } from '@web/lib/api-error-text';
import { formatDateTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { toast } from 'sonner';
import { DATA_EXPORTS_QUERY_KEY, downloadUrl, requestDataExport, useDataExports } from './account-data-api';

/**
 * Settings › "Descarcă datele mele" (GDPR art. 15 and 20): a ZIP of everything the site keeps about the
 * user, built in the background and mailed when ready; downloadable here for 24 hours.
 */
export function DataExportCard() {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const query = useDataExports();
  const [busy, setBusy] = useState(false);
  const latest: DataExport | undefined = query.data?.items[0];

  const ask = async () => {
    setBusy(true);
    try {
      await requestDataExport();
      toast.success(t('dataExport.queued'));
    } catch (error) {
      toast.error(t('common:common.error'), { description: apiErrorText(t, error) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: DATA_EXPORTS_QUERY_KEY });
    }
  };

  return (
    <Card data-testid="data-export-card">
      <CardHeader>
        <CardTitle>{t('dataExport.title')}</CardTitle>
        <CardDescription>{t('dataExport.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isError && <LoadError message={t('dataExport.loadError')} query={query} />}
        {latest?.status === 'queued' && (
          <p role="status" className="text-sm">
            {t('dataExport.building')}
          </p>
        )}
        {latest?.status === 'ready' && latest.expiresAt && (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm">
              {t('dataExport.ready', { until: formatDateTime(latest.expiresAt, i18n.language) })}
            </p>
            <Button asChild className="self-start">
              <a href={downloadUrl(latest.id)} download>
                {t('dataExport.download')}
              </a>
            </Button>
          </div>
        )}
        <Button
          type="button"
          variant={latest?.status === 'ready' ? 'outline' : 'default'}
          className="self-start"
          disabled={busy || latest?.status === 'queued'}
          onClick={() => void ask()}
        >
          {t('dataExport.button')}
        </Button>
      </CardContent>
    </Card>
  );
}
