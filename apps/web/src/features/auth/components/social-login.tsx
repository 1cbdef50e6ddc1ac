import { getOauthAuthorizeUrl } from '@marquee/api-client';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useOauthProviders } from '../api/use-auth-queries';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { newOauthBinding, OAUTH_RETURN_KEY } from '../utils/oauth-return';

/** "Continue with Facebook" for each configured provider: asks the server for the authorize URL and goes there. */
export function SocialLogin({ returnTo, odrc }: { returnTo: string; odrc?: string }) {
  const { t, serverText } = useAuthTranslation();
  const providers = useOauthProviders();
  const { track } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!providers.data?.length) return null;

  const start = async (provider: string) => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await track(
        getOauthAuthorizeUrl(api, provider, {
          callbackHost: window.location.origin,
          binding: newOauthBinding(sessionStorage),
          odrc,
        }),
      );
      sessionStorage.setItem(OAUTH_RETURN_KEY, returnTo);
      // eslint-disable-next-line react-hooks/immutability -- a full-page navigation to the provider is the point
      window.location.href = url;
    } catch (e) {
      setError(serverText(e));
      setBusy(false);
    }
  };

  return (
    <div className="auth-social">
      <p className="auth-divider">
        <span>{t('social.or')}</span>
      </p>
      {providers.data.map((p) => (
        <button
          key={p.id}
          type="button"
          className="button button--ghost auth-social__button"
          disabled={busy}
          onClick={() => void start(p.id)}
          data-testid={`social-login-${p.id}`}
        >
          {t('social.continueWith', { provider: p.name })}
        </button>
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
