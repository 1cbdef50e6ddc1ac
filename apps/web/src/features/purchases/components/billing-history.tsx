import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useBillingHistory } from '../api/use-billing-history';
import { formatDate, money } from '../utils/format';

/** The billingHistory state: every payment, as a table. */
export function BillingHistory() {
  const { t, i18n } = useTranslation('purchases');
  const history = useBillingHistory(true);
  if (history.isPending) {
    return (
      <p className="purchases__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (history.isError) {
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void history.refetch()}>
        {errorMessage(history.error)}
      </StatusMessage>
    );
  }
  if (history.data.length === 0) {
    return <p className="purchases__empty">{t('empty.billingHistory')}</p>;
  }
  return (
    <div className="purchases__table-wrap">
      <table className="purchases__table" data-testid="billing-history">
        <caption className="visually-hidden">{t('billing.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.date')}</th>
            <th scope="col">{t('billing.item')}</th>
            <th scope="col">{t('billing.amount')}</th>
            <th scope="col">{t('billing.status')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((item) => (
            <tr key={item.id}>
              <td>{formatDate(item.createdAt, i18n.language)}</td>
              <td>{item.name}</td>
              <td>{money(item.amountCents)}</td>
              <td>
                {item.status}
                {item.declineCode ? ` (${item.declineCode})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
