import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type StateDetail = { state: string; payload?: string };

/**
 * The ALTCHA proof-of-work widget (web component, loaded on first use). It solves the server's
 * challenge in the browser as soon as it loads; the base64 payload it produces is the captchaToken.
 * `resetKey` changes when the server refused a token (tokens are single use), to get a new one.
 * Shared: signup (action signup) and checkout's card forms (actions addCard, purchase) use it.
 */
export function AltchaCaptcha({
  challengeUrl,
  onToken,
  resetKey,
  error,
  name = 'captchaToken',
}: {
  challengeUrl: string;
  /** The widget's form field name (and the error's test id). */
  name?: string;
  onToken: (token: string | null) => void;
  resetKey: number;
  error?: string;
}) {
  const { t, i18n } = useTranslation('common');
  // The widget's own texts ("I'm not a robot"…) come from ALTCHA's translation of the UI language.
  const language = i18n.language.startsWith('es') ? 'es-es' : 'en';
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onTokenRef = useRef(onToken);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  onTokenRef.current = onToken;

  useEffect(() => {
    let live = true;
    Promise.all([import('altcha'), language === 'es-es' ? import('altcha/i18n/es-es') : null]).then(
      () => live && setLoaded(true),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    const node = ref.current;
    if (!loaded || !node) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail;
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    node.addEventListener('statechange', onState);
    return () => node.removeEventListener('statechange', onState);
  }, [loaded]);

  useEffect(() => {
    if (resetKey === 0) return;
    const node = ref.current as
      (HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }) | null;
    onTokenRef.current(null);
    node?.reset?.();
    void node?.verify?.();
  }, [resetKey]);

  return (
    <div className="auth-captcha" data-testid="captcha">
      {loadFailed ? (
        <p className="field__error">{t('captchaLoadFailed')}</p>
      ) : loaded ? (
        <altcha-widget ref={ref} challenge={challengeUrl} auto="onload" name={name} language={language} />
      ) : (
        <p className="field__hint" role="status">
          {t('captchaLoading')}
        </p>
      )}
      {error ? (
        <p className="field__error" role="alert" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
