import {
  DISCOVER_ROW_PAGE,
  type Channel,
  type DiscoverAsset,
  type DiscoverRow,
  type EpgAsset,
  type Paginated,
  type TabAsset,
} from '@marquee/contract';
import { dynamicChannel, pageOffset, toPage, type DynamicChannelId, type DynamicList } from '@marquee/domain';
import type { TabsTable } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { toChannel, toVideo } from './catalog.mapper';
import { pageOf, type CatalogReads, type Paging } from './catalog-reads';
import type { ChannelRows } from './channel-reads';
import type { EpgWindow, LiveGuide } from './live-reads';

const tabConfig = (tab: TabsTable): Record<string, unknown> => {
  try {
    const v = JSON.parse(tab.config) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const idList = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;

/** Site assets (tabs): plain assets, channel directories, EPG, live and discover pages. */
export function createTabAssets(reads: CatalogReads, rows: ChannelRows, guide: LiveGuide) {
  const { repo, clock, listedLiveEvents } = reads;
  const { channelRowItems, dynamicPage } = rows;
  const { epgWindow, liveChannels } = guide;

  async function requireTab(site: string, id: string, kinds: string[]): Promise<TabsTable> {
    const tab = await repo.findTab(site, id);
    if (!tab || !kinds.includes(tab.kind)) throw notFound(`Asset '${id}'`);
    return tab;
  }

  return {
    async tabAsset(site: string, id: string, kind: string): Promise<TabAsset> {
      const tab = await requireTab(site, id, [kind]);
      return {
        id: tab.id,
        kind: tab.kind as TabAsset['kind'],
        title: tab.title,
        url: tab.url,
        pageUrl: tab.page_url,
        config: tabConfig(tab),
      };
    },
    async directory(site: string, id: string, p: Paging): Promise<Paginated<Channel>> {
      const tab = await requireTab(site, id, ['directory']);
      const ids = idList(tabConfig(tab).channelIds);
      const [rows, total] = await Promise.all([
        repo.listChannels(site, ids, pageOffset(p.page, p.pageSize), p.pageSize),
        repo.countChannels(site, ids),
      ]);
      return toPage(rows.map(toChannel), p.page, p.pageSize, total);
    },
    async epgAsset(site: string, id: string, w: EpgWindow, simple: boolean): Promise<EpgAsset> {
      const tab = await requireTab(site, id, ['epg']);
      const config = tabConfig(tab);
      const win = epgWindow(w);
      const channels = await liveChannels(site, idList(config.liveChannelIds), win, !simple);
      const categories = idList(config.categories) ?? [...new Set(channels.flatMap((c) => c.categories))];
      return { id: tab.id, title: tab.title, categories, ...win, liveChannels: channels };
    },
    async liveAsset(site: string, id: string, p: Paging) {
      const tab = await requireTab(site, id, ['live']);
      return pageOf(await listedLiveEvents(site, idList(tabConfig(tab).channelIds)), p);
    },
    async discover(site: string, id: string, onlyEnabledChannels: boolean): Promise<DiscoverAsset> {
      const tab = await requireTab(site, id, ['discover']);
      const rowsConfig = Array.isArray(tabConfig(tab).rows)
        ? (tabConfig(tab).rows as Record<string, unknown>[])
        : [];
      const p = { page: 0, pageSize: DISCOVER_ROW_PAGE };
      const now = clock();
      const rows = await Promise.all(
        rowsConfig.map(async (cfg, i): Promise<DiscoverRow | null> => {
          const type = String(cfg.type ?? '');
          const base = {
            id: `${tab.id}-${i}`,
            title: String(cfg.title ?? ''),
            layout: String(cfg.layout ?? 'thumbs'),
          };
          const empty = { items: [], total_items: 0, next_page: null };
          const sourceKind = String((cfg.source as { kind?: unknown } | undefined)?.kind ?? type);
          const sourceId = String((cfg.source as { id?: unknown } | undefined)?.id ?? cfg.id ?? '');
          if (type === 'continueWatching' || type === 'watchList') {
            const href =
              type === 'watchList'
                ? `/v2/me/sites/${site}/watch-list`
                : `/v2/me/sites/${site}/history-progress`;
            return { ...base, type, source: null, perUser: true, href, ...empty };
          }
          if (type === 'adBanner')
            return { ...base, type, source: null, perUser: false, href: null, ...empty };
          const source = { kind: sourceKind, id: sourceId };
          if (sourceKind === 'channel') {
            const found = await channelRowItems(site, sourceId, p);
            if (!found)
              return onlyEnabledChannels
                ? null
                : {
                    ...base,
                    type: type as DiscoverRow['type'],
                    source,
                    perUser: false,
                    href: null,
                    ...empty,
                  };
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: found.href,
              items: found.page.items,
              total_items: found.page.total_items,
              next_page: found.page.next_page,
            };
          }
          if (sourceKind === 'playlist') {
            const pl = await repo.findPlaylist(site, sourceId);
            if (!pl) return null;
            const { rows: vids, total } = await repo.playlistVideos(site, sourceId, 0, p.pageSize);
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: `/v2/sites/${site}/playlists/${sourceId}`,
              items: vids.map((r) => toVideo(r, now)),
              total_items: total,
              next_page: total > p.pageSize ? 1 : null,
            };
          }
          if (sourceKind === 'dynamic') {
            const dyn = sourceId as DynamicChannelId;
            const list = (
              ['videos', 'movies', 'episodes', 'all'].includes(String(cfg.list)) ? cfg.list : 'all'
            ) as DynamicList;
            const fixed = dynamicChannel(dyn).fixedList;
            const effective = fixed ?? list;
            const page = await dynamicPage(site, dyn, effective, p);
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: `/v2/sites/${site}/dynamic-channels/${dyn}/${effective}`,
              items: page.items,
              total_items: page.total_items,
              next_page: page.next_page,
            };
          }
          return null;
        }),
      );
      return { id: tab.id, title: tab.title, rows: rows.filter((r): r is DiscoverRow => r !== null) };
    },
  };
}
