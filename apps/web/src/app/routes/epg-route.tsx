import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../components/error-message';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { EpgSkeleton, EpgView } from '../../features/epg';
import { TAB_CODES, resolvePageRoute, useSiteConfig } from '../../features/site';
import { useSession } from '@marquee/api-client/react';
import { loginHref } from '../../lib/session';

/**
 * The EPG tab `/pages/:pageUrl/e/:tabUrl?channel=` (discovery-and-site §2.5, main.page.epg). Lazy: it
 * pulls in the player. The page and tab rules of §2.1 apply (unknown page → home, a tab that is not
 * this page's EPG tab → the page's first tab); selecting a channel replaces `?channel`.
 */
export default function EpgRoute() {
  const { t } = useTranslation();
  const { pageUrl, tabUrl } = useParams();
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const { status } = useSession();

  if (config.isPending) return <EpgSkeleton />;
  if (config.isError) {
    return (
      <StatusMessage kind="error" title={t('siteLoadError')} onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </StatusMessage>
    );
  }
  const result = resolvePageRoute(config.data, pageUrl, TAB_CODES.epg, tabUrl);
  if (result.action === 'home') return <Navigate to={paths.home.getHref()} replace />;
  if (result.action === 'redirect') return <Navigate to={result.to} replace />;
  const { page, tab } = result;
  return (
    <EpgView
      key={tab.id}
      tabId={tab.id}
      title={tab.title}
      channelId={search.get('channel')}
      session={status}
      hrefFor={(channel) => paths.epgTab.getHref(page.url, tab.url, channel)}
      loginHref={(channel) => loginHref('liveChannel', { channel, pageUrl: page.url, tabUrl: tab.url })}
    />
  );
}
