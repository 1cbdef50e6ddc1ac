import type { ReactNode } from 'react';
import { useTabAsset } from '../api/use-tab-asset';
import { str } from '../utils/tab-config';
import { AssetState } from './asset-state';

/**
 * A home tab: a heading and text over rows. The rows are the discover feature's, rendered by the
 * route from the discover tab the config names (`rows(discoverTabId)`).
 */
export function HomeTab({ tabId, rows }: { tabId: string; rows: (discoverTabId: string) => ReactNode }) {
  const asset = useTabAsset(tabId, 'home');
  return (
    <AssetState query={asset}>
      {(a) => (
        <div className="tab-screen home-tab" data-testid="home-tab">
          <header className="home-tab__hero">
            <h1>{str(a.config.heading) || a.title}</h1>
            {str(a.config.text) ? <p>{str(a.config.text)}</p> : null}
          </header>
          {str(a.config.discoverTabId) ? rows(str(a.config.discoverTabId)) : null}
        </div>
      )}
    </AssetState>
  );
}
