import { activateDeviceCode } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useFormErrors } from '../hooks/use-form-errors';
import { deviceErrorText } from '../utils/auth-errors';
import { validateCode } from '../utils/validation';
import { FormMessage, SubmitButton, TextField } from '../../../components/form-fields';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { AuthCard } from './auth-card';

const ORDER = ['code'] as const;

/** /activate: the signed-in viewer types the code their TV shows (spec §2, §8 Device). */
export function ActivateView() {
  const { t, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCode(code);
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setMessage(null);
    try {
      const source = params.get('source') ?? undefined;
      // The server's success message is always "Device activated!" (spec §8): shown in the viewer's language.
      await activateDeviceCode(api, code.trim().toUpperCase(), { source });
      setMessage({ kind: 'success', text: t('activate.success') });
      setCode('');
    } catch (error) {
      // Device errors: the server's message for a client error, else a generic one (spec §8).
      setMessage({ kind: 'error', text: deviceErrorText(error, t('activate.failed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('activate.title')} testId="activate">
      <p className="auth-intro">{t('activate.intro')}</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('activate.code')}
          name="code"
          value={code}
          onValue={(v) => setCode(v.toUpperCase())}
          error={errors.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          data-testid="activate-code"
        />
        {message ? (
          <FormMessage kind={message.kind} testId={`activate-${message.kind}`}>
            {message.text}
          </FormMessage>
        ) : null}
        <SubmitButton wide busy={busy} busyLabel={t('activate.busy')}>
          {t('activate.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
