import { useTranslation } from 'react-i18next';

/** Placeholder rows while the discover rows load. */
export function RowSkeletons({ rows = 3, cards = 6 }: { rows?: number; cards?: number }) {
  const { t } = useTranslation('discover');
  return (
    <div className="skeletons" data-testid="discover-loading" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, r) => (
        <div className="row" key={r} aria-hidden="true">
          <div className="skeleton skeleton--title" />
          <div className="row__items">
            {Array.from({ length: cards }, (_, c) => (
              <div className="row__item" key={c}>
                <div className="skeleton skeleton--card" />
                <div className="skeleton skeleton--text" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
