import { useTranslation } from 'react-i18next';
import './epg.css';

/** The guide's loading state: the shapes of the player and a few channel rows. */
export function EpgSkeleton() {
  const { t } = useTranslation('epg');
  return (
    <div className="epg epg--loading" role="status" data-testid="epg-loading">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="epg__top" aria-hidden="true">
        <div className="epg__stage epg-skeleton__block" />
        <div className="epg__info">
          <div className="epg-skeleton__line" />
          <div className="epg-skeleton__line epg-skeleton__line--short" />
        </div>
      </div>
      <div className="epg-skeleton__rows" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="epg-skeleton__row" />
        ))}
      </div>
    </div>
  );
}
