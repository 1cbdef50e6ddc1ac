import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { useCaptchaConfig } from '../api/use-commerce';

/**
 * The site's captcha for card forms (§7: actions addCard and purchase). ALTCHA solves itself in the
 * page; hosted providers have no widget in the web app yet, so `required` is false for them.
 */
export function useCardCaptcha() {
  const config = useCaptchaConfig();
  const altcha = config.data?.provider === 'altcha' ? config.data : null;
  return { challengeUrl: altcha?.challengeUrl ?? null, required: !!altcha, pending: config.isPending };
}

export function CheckoutCaptcha({
  challengeUrl,
  onToken,
  resetKey,
  error,
}: {
  challengeUrl: string | null;
  onToken: (token: string | null) => void;
  resetKey: number;
  error?: string;
}) {
  if (!challengeUrl) return null;
  return (
    <AltchaCaptcha
      challengeUrl={challengeUrl}
      onToken={onToken}
      resetKey={resetKey}
      error={error}
      name="recaptchaToken"
    />
  );
}
