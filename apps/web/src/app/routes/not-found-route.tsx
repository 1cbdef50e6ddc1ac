import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <StatusMessage kind="info" title={t('notFound')} testId="not-found">
      <Link to={paths.home.getHref()}>{t('goHome')}</Link>
    </StatusMessage>
  );
}
