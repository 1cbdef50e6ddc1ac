import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../components/error-message';
import { DiscoverRows, RowSkeletons } from '../../features/discover';
import { resolveTab, useSiteConfig } from '../../features/site';
import { useSession } from '@marquee/api-client/react';

/** `/` (the default page's discover tab) and `/pages/:pageUrl/d/:tabUrl`. */
export function DiscoverRoute() {
  const { t } = useTranslation();
  const { pageUrl, tabUrl } = useParams();
  const config = useSiteConfig();
  const { status } = useSession();
  if (config.isPending) return <RowSkeletons />;
  if (config.isError) {
    return (
      <StatusMessage kind="error" title={t('siteLoadError')} onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </StatusMessage>
    );
  }
  const resolved = resolveTab(config.data, 'discover', pageUrl, tabUrl);
  if (!resolved) {
    return <StatusMessage kind="empty" title={t('nothingToWatch')} testId="discover-empty" />;
  }
  const { perms, ads } = config.data;
  // Banner slots only where the site turned banners on (adBanners flag and enabled ad settings).
  const banners = perms.adBanners && ads.enabled ? ads.banners : null;
  return (
    <DiscoverRows
      key={resolved.tab.id}
      tabId={resolved.tab.id}
      title={resolved.tab.title}
      signedIn={status === 'signedIn'}
      modernTheme={perms.modernTheme}
      banners={banners}
    />
  );
}
