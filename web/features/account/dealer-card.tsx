import {
  type DealerApplicationInput,
  type DealerState,
  dealerApplicationInputSchema,
} from '@common/schemas/dealers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DealerBadge } from '@web/components/dealer-badge';
import { FormField } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { useFormErrors } from '@web/lib/form-errors';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyAsDealer, DEALER_QUERY_KEY, fetchDealerState } from './account-api';

const ORDER = ['businessName', 'cui', 'authorisationNumber'] as const;

/** Verified dealer (issue 12): the badge when it holds, the pending application, or the form to apply. */
export function DealerCard() {
  const { t } = useTranslation('account');
  const query = useQuery({ queryKey: DEALER_QUERY_KEY, queryFn: fetchDealerState });

  return (
    <Card data-testid="dealer-card">
      <CardHeader>
        <CardTitle>{t('dealer.title')}</CardTitle>
        <CardDescription>{t('dealer.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common:common.loading')}</p>
        ) : query.isError ? (
          <LoadError message={t('dealer.loadError')} query={query} />
        ) : (
          <DealerStateView state={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function DealerStateView({ state }: { state: DealerState }) {
  const { t, i18n } = useTranslation('account');
  const application = state.application;
  if (state.verified) {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <DealerBadge />
          <span className="font-medium">{application?.businessName}</span>
        </p>
        <p className="text-muted-foreground">{t('dealer.verified')}</p>
      </div>
    );
  }
  return (
    <>
      {application?.status === 'pending' && (
        <p className="rounded-md border bg-muted/50 p-3 text-sm" role="status">
          {t('dealer.pending', {
            business: application.businessName,
            date: formatDate(application.createdAt, i18n.language),
          })}
        </p>
      )}
      {(application?.status === 'refused' || application?.status === 'withdrawn') && (
        <div className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">
            {t(`dealer.${application.status}`, { business: application.businessName })}
          </p>
          {application.reason && <p className="mt-1 whitespace-pre-line">{application.reason}</p>}
        </div>
      )}
      {state.canApply && <DealerApplicationForm />}
    </>
  );
}

function DealerApplicationForm() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const errors = useFormErrors<(typeof ORDER)[number]>();
  const { register, handleSubmit } = useForm<DealerApplicationInput>({
    defaultValues: { businessName: '', cui: '', authorisationNumber: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const input = errors.check(dealerApplicationInputSchema, values, ORDER);
    if (!input) return;
    setSending(true);
    try {
      // The server stores the CUI as its digits; what was typed goes as typed.
      queryClient.setQueryData(DEALER_QUERY_KEY, await applyAsDealer(values));
      toast.success(t('dealer.sent'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: DEALER_QUERY_KEY });
      }
      toast.error(t('dealer.failed'));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <FormField label={t('dealer.businessName')} {...errors.field('businessName')}>
        <Input autoComplete="organization" maxLength={120} {...register('businessName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('dealer.cui')} hint={t('dealer.cuiHint')} {...errors.field('cui')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={20} {...register('cui')} />
        </FormField>
        <FormField label={t('dealer.authorisation')} {...errors.field('authorisationNumber')}>
          <Input autoComplete="off" maxLength={60} {...register('authorisationNumber')} />
        </FormField>
      </div>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? t('dealer.sending') : t('dealer.apply')}
      </Button>
    </form>
  );
}
