import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusMessage } from '../../components/status-message';

/** Last-resort error screen for a route that threw while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusMessage kind="error" title={t('routeError')} onRetry={() => window.location.reload()}>
      {t('routeErrorBody')}
    </StatusMessage>
  );
}
