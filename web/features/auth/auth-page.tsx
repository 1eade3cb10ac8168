import { signInSchema, signUpSchema } from '@common/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { ConsentCheckbox } from '@web/components/consent-checkbox';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { ME_QUERY_KEY, useAuth } from '@web/lib/auth';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useFormErrors } from '@web/lib/form-errors';
import { finishPendingAction } from '@web/lib/pending-action';
import { useReturnPath, useSignInReason } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { signIn, signUp } from './auth-api';
import { ResendButton } from './resend-button';
import { TwoFactorStep } from './two-factor-step';

type Mode = 'login' | 'register';
type Step =
  | { kind: 'form' }
  | { kind: 'two-factor' }
  | { kind: 'check-email'; email: string; unverified?: boolean };
type Values = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  acceptAdult: boolean;
  acceptTerms: boolean;
};
const REGISTER_ORDER = ['firstName', 'lastName', 'email', 'password', 'acceptAdult', 'acceptTerms'] as const;
const SIGN_IN_ORDER = ['email', 'password'] as const;

export function AuthPage() {
  const { t, i18n } = useTranslation('auth');
  const { user, loading, refresh } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : 'login';
  const next = useReturnPath();
  // Why the visitor is here: what they tried (the heart, "Save search", …), or the page they wanted.
  const reason = useSignInReason() ?? (next?.startsWith('/post-ad') ? 'post-ad' : null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      acceptAdult: false,
      acceptTerms: false,
    },
  });
  const errors = useFormErrors<keyof Values>();

  if (!loading && user && step.kind === 'form') return <Navigate to={next ?? '/'} replace />;

  const finishSignIn = async () => {
    // What was loaded as a visitor (the ad's contact box, favorites) is read again as this person.
    // "Sign in to post", "sign in to write": said before, no longer true (issue 26).
    toast.dismiss();
    // The session cookie is set: what they came to do is done before the page they return to loads
    // (re-reading the session below sends them there).
    await finishPendingAction(reason);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    await refresh();
    toast.success(t('signIn.successTitle'), { description: t('signIn.successBody') });
    navigate(next ?? '/', { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    const input =
      mode === 'register'
        ? errors.check(
            signUpSchema,
            { ...values, locale: i18n.resolvedLanguage, next: next ?? undefined },
            REGISTER_ORDER,
          )
        : errors.check(signInSchema, { email: values.email, password: values.password }, SIGN_IN_ORDER);
    if (!input) return;
    setBusy(true);
    try {
      if (mode === 'register') {
        await signUp({
          ...values,
          acceptAdult: true,
          acceptTerms: true,
          locale: i18n.resolvedLanguage === 'en' ? 'en' : 'ro',
          next: next ?? undefined,
        });
        toast.success(t('signUp.successTitle'), { description: t('signUp.successBody') });
        setStep({ kind: 'check-email', email: input.email });
        return;
      }
      const result = await signIn({ email: input.email, password: values.password });
      if (result?.twoFactorRedirect) setStep({ kind: 'two-factor' });
      else await finishSignIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setStep({ kind: 'check-email', email: input.email, unverified: true });
        return;
      }
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  });

  const switchMode = (to: Mode) => {
    errors.clear();
    setStep({ kind: 'form' });
    setParams(
      { mode: to, ...(next ? { next } : {}), ...(reason && reason !== 'post-ad' ? { reason } : {}) },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            {step.kind === 'two-factor'
              ? t('twoFactor.title')
              : step.kind === 'check-email'
                ? t('verify.checkTitle')
                : mode === 'register'
                  ? t('signUp.title')
                  : t('signIn.title')}
          </CardTitle>
          {step.kind === 'form' && (
            <CardDescription>
              {mode === 'register' ? t('signUp.subtitle') : t('signIn.subtitle')}
            </CardDescription>
          )}
          {step.kind === 'form' && reason && (
            <p
              data-testid="sign-in-reason"
              className="mt-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
            >
              {t(`reason.${reason}`)}
            </p>
          )}
        </CardHeader>
        <CardContent>
          {step.kind === 'two-factor' && <TwoFactorStep onDone={finishSignIn} />}
          {step.kind === 'check-email' && (
            <div className="flex flex-col gap-4" role="status">
              {/* An address is one long word: let it wrap anywhere rather than leave the card. */}
              <p className="wrap-anywhere">
                {step.unverified
                  ? t('verify.notVerified', { email: step.email })
                  : t('verify.checkBody', { email: step.email })}
              </p>
              <ResendButton email={step.email} next={next ?? undefined} />
              <Button type="button" variant="link" onClick={() => switchMode('login')}>
                {t('signIn.backToSignIn')}
              </Button>
            </div>
          )}
          {step.kind === 'form' && (
            <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
              {mode === 'register' && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField label={t('fields.firstName')} {...errors.field('firstName')}>
                    <Input autoComplete="given-name" required {...register('firstName')} />
                  </FormField>
                  <FormField label={t('fields.lastName')} {...errors.field('lastName')}>
                    <Input autoComplete="family-name" required {...register('lastName')} />
                  </FormField>
                </div>
              )}
              <FormField label={t('fields.email')} {...errors.field('email')}>
                <Input type="email" autoComplete="email" required {...register('email')} />
              </FormField>
              <FormField
                label={t('fields.password')}
                hint={mode === 'register' ? t('fields.passwordHint') : undefined}
                labelAside={
                  mode === 'login' && (
                    <Link
                      to="/auth/forgot-password"
                      className="text-sm text-primary underline-offset-4 hover:underline"
                    >
                      {t('signIn.forgot')}
                    </Link>
                  )
                }
                {...errors.field('password')}
              >
                <Input
                  type="password"
                  autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
                  required
                  {...register('password')}
                />
              </FormField>
              {mode === 'register' && (
                <>
                  <ConsentCheckbox {...errors.field('acceptAdult')} register={register('acceptAdult')}>
                    {t('signUp.acceptAdult')}
                  </ConsentCheckbox>
                  <ConsentCheckbox {...errors.field('acceptTerms')} register={register('acceptTerms')}>
                    {/* The texts open in a new tab, so that what was typed here stays. */}
                    <Trans
                      t={t}
                      i18nKey="signUp.acceptTerms"
                      components={{
                        terms: <LegalLink to="/termeni" />,
                        privacy: <LegalLink to="/confidentialitate" />,
                      }}
                    />
                  </ConsentCheckbox>
                </>
              )}
              <Button type="submit" disabled={busy}>
                {busy ? t('pleaseWait') : mode === 'register' ? t('signUp.submit') : t('signIn.submit')}
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                {mode === 'register' ? t('signUp.haveAccount') : t('signIn.noAccount')}{' '}
                <button
                  type="button"
                  className="text-primary underline-offset-4 hover:underline"
                  onClick={() => switchMode(mode === 'register' ? 'login' : 'register')}
                >
                  {mode === 'register' ? t('signUp.toSignIn') : t('signIn.toSignUp')}
                </button>
              </p>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function LegalLink({ to, children }: { to: string; children?: React.ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
      {children}
    </Link>
  );
}
