import { useMemo } from 'react';
import { useTabAsset } from '../api/use-tab-asset';
import { sanitizeHtml } from '../utils/sanitize-html';
import { str } from '../utils/tab-config';
import { AssetState } from './asset-state';

/** An about tab: the operator's text (formatting kept, anything active removed). */
export function AboutTab({ tabId }: { tabId: string }) {
  const asset = useTabAsset(tabId, 'about');
  return (
    <AssetState query={asset}>
      {(a) => (
        <article className="tab-screen about-tab" data-testid="about-tab">
          <h1>{a.title}</h1>
          <AboutBody html={str(a.config.html)} />
        </article>
      )}
    </AssetState>
  );
}

function AboutBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="about-tab__body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
