import { oauthCallback, queryKeys } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { OAUTH_BINDING_KEY, takeOauthReturn } from '../utils/oauth-return';

/** /oauth/:provider/callback?code&state: finishes a social login and returns to the intent (spec §2, §8). */
export function OauthCallbackView({ provider }: { provider: string }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const iss = params.get('iss') ?? undefined;
  const denied = params.get('error') === 'access_denied';
  const exchange = useQuery({
    queryKey: [...queryKeys.all(api), 'oauth-callback', provider, code],
    queryFn: async () => {
      const binding = sessionStorage.getItem(OAUTH_BINDING_KEY) ?? '';
      try {
        return await track(
          oauthCallback(api, provider, { code, state, callbackHost: window.location.origin, iss, binding }),
        );
      } finally {
        sessionStorage.removeItem(OAUTH_BINDING_KEY);
      }
    },
    enabled: !denied && !!code,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (!exchange.data) return;
    signIn(exchange.data);
    navigate(takeOauthReturn(sessionStorage), { replace: true });
  }, [exchange.data, signIn, navigate]);

  if (denied || (!code && !exchange.isFetching) || exchange.isError) {
    return (
      <StatusMessage
        kind="error"
        title={denied ? t('social.denied') : t('social.failed')}
        testId="oauth-error"
      >
        <Link to="/login">{t('backToSignIn')}</Link>
      </StatusMessage>
    );
  }
  return <StatusMessage kind="info" title={t('social.signingIn')} testId="oauth-pending" />;
}
