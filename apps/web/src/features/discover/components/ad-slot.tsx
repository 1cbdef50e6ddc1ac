import { useTranslation } from 'react-i18next';

/**
 * A banner slot between rows (§2.2 "ad banners inserted every N rows"). It reserves the banner's
 * place under a visible label; the banner markup itself comes from the ad server (a later issue).
 */
export function AdSlot({ slot }: { slot: number }) {
  const { t } = useTranslation('discover');
  return (
    <aside className="ad-slot" data-testid="ad-slot" data-slot={slot} aria-label={t('ad.label')}>
      <span className="ad-slot__label">{t('ad.label')}</span>
    </aside>
  );
}
