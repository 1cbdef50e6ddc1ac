import { oauthCallback, queryKeys } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { OAUTH_BINDING_KEY, takeOauthReturn } from '../utils/oauth-return';

export const SOCIAL_DENIED = 'Not authorized to log in with Facebook';
export const SOCIAL_FAILED = 'Unable to log in with facebook. Please try again';

/** /oauth/:provider/callback?code&state: finishes a social login and returns to the intent (spec §2, §8). */
export function OauthCallbackView({ provider }: { provider: string }) {
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
      <StatusMessage kind="error" title={denied ? SOCIAL_DENIED : SOCIAL_FAILED} testId="oauth-error">
        <Link to="/login">Back to sign in</Link>
      </StatusMessage>
    );
  }
  return <StatusMessage kind="info" title="Signing you in…" testId="oauth-pending" />;
}
