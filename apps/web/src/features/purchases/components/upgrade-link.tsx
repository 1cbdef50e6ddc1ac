import type { Purchase } from '@marquee/contract';
import { UPGRADE_GATEWAYS } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpgradeOptions } from '../api/use-purchase';

/**
 * The Upgrade link of a purchase (§4: recurring, gateway listed, active or trialing, and an upgrade
 * bundle not already purchased — the server answers the last part in subscriptionRequiresUpgrade).
 */
export function UpgradeLink({ purchase, href }: { purchase: Purchase; href: string }) {
  const { t } = useTranslation('purchases');
  const eligible =
    purchase.isRecurring &&
    (UPGRADE_GATEWAYS as readonly string[]).includes(purchase.gateway) &&
    (purchase.status === 'active' || purchase.status === 'trialing');
  const options = useUpgradeOptions(purchase.id, eligible);
  if (!eligible || !options.data?.requiresUpgrade || options.data.bundles.length === 0) return null;
  return (
    <Link className="button" to={href} data-testid="upgrade-link">
      {t('actions.upgrade')}
    </Link>
  );
}
