import { useTranslation } from 'react-i18next';
import { api, siteUid } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useTabAsset } from '../api/use-tab-asset';
import { iframeUrl, isFramableUrl } from '../utils/iframe-url';
import { str } from '../utils/tab-config';
import { AssetState } from './asset-state';

/** An iframe tab: the configured page, with its URL placeholders filled in (decision 0015). */
export function IframeTab({ tabId }: { tabId: string }) {
  const { t, i18n } = useTranslation('pages');
  const { user } = useSession();
  const asset = useTabAsset(tabId, 'iframe');
  return (
    <AssetState query={asset}>
      {(a) => {
        const src = iframeUrl(str(a.config.url), {
          user,
          siteUid,
          language: i18n.language,
          source: api.source,
        });
        return (
          <div className="tab-screen iframe-tab" data-testid="iframe-tab">
            <h1 className="visually-hidden">{a.title}</h1>
            {isFramableUrl(src) ? (
              <iframe
                title={a.title}
                src={src}
                data-testid="iframe-tab-frame"
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <p>{t('iframeBlocked')}</p>
            )}
          </div>
        );
      }}
    </AssetState>
  );
}
