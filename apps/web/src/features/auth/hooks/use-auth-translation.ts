import { useTranslation } from 'react-i18next';
import { serverMessage } from '../utils/auth-errors';
import { localizeErrors, type FieldErrorKeys } from '../utils/validation';

/**
 * The `auth` namespace's `t`, plus the two ways the screens turn results into text: the server's
 * message (else the generic one in the viewer's language) and client-side check results.
 */
export function useAuthTranslation() {
  const { t, i18n } = useTranslation('auth');
  return {
    t,
    i18n,
    serverText: (error: unknown) => serverMessage(error, t('genericError')),
    localize: (errors: FieldErrorKeys) => localizeErrors(errors, t),
  };
}
