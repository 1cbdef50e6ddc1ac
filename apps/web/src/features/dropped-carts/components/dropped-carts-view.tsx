import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager';
import { useDroppedCarts } from '../api/use-dropped-carts';
import { canReadDroppedCarts } from '../utils/can-read';

/**
 * The admins' list of dropped carts (decision 0060): viewers who left checkout of a bundle without
 * paying, the latest first, with how many times; a purchase of the bundle takes it off the list.
 */
export function DroppedCartsView({ roles }: { roles: readonly string[] }) {
  const { t, i18n } = useTranslation('droppedCarts');
  const allowed = canReadDroppedCarts(roles);
  const [page, setPage] = useState(0);
  const carts = useDroppedCarts(page, allowed);
  if (!allowed)
    return (
      <p role="alert" data-testid="dropped-carts-forbidden">
        {t('notAllowed')}
      </p>
    );
  if (carts.isPending) return <p role="status">{t('loading')}</p>;
  if (carts.isError) return <p role="alert">{t('error')}</p>;
  const data = carts.data;
  if (data.items.length === 0) return <p data-testid="dropped-carts-empty">{t('empty')}</p>;
  return (
    <section data-testid="dropped-carts">
      <table className="dropped-carts">
        <thead>
          <tr>
            <th scope="col">{t('viewer')}</th>
            <th scope="col">{t('bundle')}</th>
            <th scope="col">{t('times')}</th>
            <th scope="col">{t('lastDropped')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((c) => (
            <tr key={c.id} data-testid="dropped-cart" data-bundle-id={c.bundleId}>
              <td>{c.email}</td>
              <td>{c.bundleName}</td>
              <td>{c.times}</td>
              <td>{new Date(c.droppedAt).toLocaleString(i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} data={data} onPage={setPage} labels={{ previous: t('previous'), next: t('next') }} />
    </section>
  );
}
