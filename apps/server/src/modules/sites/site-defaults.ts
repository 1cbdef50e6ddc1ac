import type { ChatSettings, HeartbeatSettings, SearchOptions } from '@marquee/contract';
import type { Insertable } from 'kysely';
import type { SitesTable } from '../../db/schema';
import { DEFAULT_AD_SETTINGS } from './ad-settings';

/** A new site's chat, heartbeat and search settings; also what a malformed stored one reads as. */
export const DEFAULT_CHAT: ChatSettings = { enabled: true, slowModeSeconds: 0, onlineUserThreshold: 0 };
export const DEFAULT_HEARTBEAT: HeartbeatSettings = { url: null, intervalSeconds: 60 };
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  movies: true,
  series: true,
  videos: true,
  episodes: true,
  liveEvents: true,
};

/** A new site's row: neutral branding and settings an operator then overrides. */
export function newSiteRow(
  uid: string,
  name: string,
  overrides: Partial<Insertable<SitesTable>> = {},
): Insertable<SitesTable> {
  return {
    uid,
    name,
    hosts: '[]',
    theme: JSON.stringify({
      colors: {
        primary: '#e50914',
        background: '#0b0b0f',
        surface: '#1a1a22',
        text: '#f5f5f7',
        muted: '#9a9aa5',
      },
      logo: '',
      font: 'system-ui, sans-serif',
    }),
    default_page: 'home',
    perms: '{}',
    ads: JSON.stringify(DEFAULT_AD_SETTINGS),
    chat: JSON.stringify(DEFAULT_CHAT),
    heartbeat: JSON.stringify(DEFAULT_HEARTBEAT),
    search_options: JSON.stringify(DEFAULT_SEARCH_OPTIONS),
    created_at: new Date().toISOString(),
    terms_text: null,
    terms_updated_at: null,
    ...overrides,
  };
}
