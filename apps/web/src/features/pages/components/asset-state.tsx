import './pages.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';

/** Loading and error states of a tab screen; renders `children(data)` once loaded. */
export function AssetState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('pages');
  if (query.isPending) {
    return (
      <p className="tab-screen__loading" role="status" data-testid="tab-loading">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void query.refetch()}
        testId="tab-error"
      >
        {errorMessage(query.error)}
      </StatusMessage>
    );
  }
  return <>{children(query.data)}</>;
}
