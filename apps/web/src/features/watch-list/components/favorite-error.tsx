import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';

/** A failed favorite change: the server's message, else a generic one. */
export function FavoriteError({ error }: { error: unknown }) {
  const { t } = useTranslation('watchList');
  if (!error) return null;
  return (
    <span className="wl-error" role="alert" data-testid="favorite-error">
      {errorMessage(error) || t('favoriteError')}
    </span>
  );
}
