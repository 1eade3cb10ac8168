import type { Me } from '@common/schemas/auth';
import { useAuth } from '@web/lib/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/**
 * Post-ad and edit need a session: signed-out users get the 'Please login to post an ad' notice and go to
 * sign-in. Returns the user, or null while the session resolves or the redirect happens.
 */
export function useRequireSignIn(): Me | null {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation('listings');

  useEffect(() => {
    if (loading || user) return;
    toast.error(t('post.loginRequired'), { id: 'listings-login-required' });
    navigate('/auth?mode=login', { replace: true });
  }, [loading, user, navigate, t]);

  return loading ? null : user;
}
