import type { Me } from '@common/schemas/auth';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/**
 * Post-ad and edit need a session: signed-out users get the 'Please login to post an ad' notice and go to
 * sign-in. Returns the user, or null while the session resolves or the redirect happens; when the
 * session could not be read at all, `failed` is set and nobody is sent away.
 */
export function useRequireSignIn(): Me | null {
  const { user, loading, failed } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation('listings');
  const here = useCurrentPath();

  useEffect(() => {
    if (loading || user || failed) return;
    toast.error(t('post.loginRequired'), { id: 'listings-login-required' });
    navigate(signInHref(here), { replace: true });
  }, [loading, user, failed, navigate, t, here]);

  return loading ? null : user;
}
