import { useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../components/error-message';
import { paths } from '../../config/paths';
import { DiscoverRows, RowSkeletons } from '../../features/discover';
import { resolveTab, useSiteConfig } from '../../features/site';

/** `/` (the default page's discover tab) and `/pages/:pageUrl/d/:tabUrl`. */
export function DiscoverRoute() {
  const { pageUrl, tabUrl } = useParams();
  const config = useSiteConfig();
  if (config.isPending) return <RowSkeletons />;
  if (config.isError) {
    return (
      <StatusMessage kind="error" title="We couldn't load this site" onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </StatusMessage>
    );
  }
  const resolved = resolveTab(config.data, 'discover', pageUrl, tabUrl);
  if (!resolved) {
    return <StatusMessage kind="empty" title="Nothing to watch yet" testId="discover-empty" />;
  }
  return (
    <DiscoverRows
      key={resolved.tab.id}
      tabId={resolved.tab.id}
      title={resolved.tab.title}
      hrefFor={paths.watch.getHref}
    />
  );
}
