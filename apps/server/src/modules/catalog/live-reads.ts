import { EPG_WINDOW, type LiveChannel, type LiveChannelList, type Video } from '@marquee/contract';
import { occurrences, repeatingGuide } from '@marquee/domain';
import { badRequest, notFound } from '../../plugins/errors';
import { toEpgEntry, toLiveChannel, toVideo } from './catalog.mapper';
import type { CatalogReads } from './catalog-reads';

export type EpgWindow = { from?: string; to?: string };
export type LiveGuide = ReturnType<typeof createLiveGuide>;

/** Live channels with their programmes in a window (the live reads and the EPG asset share it). */
export function createLiveGuide({ repo, clock }: CatalogReads) {
  function epgWindow(w: EpgWindow): { from: string; to: string } {
    const now = clock().getTime();
    const from = w.from ? Date.parse(w.from) : now - EPG_WINDOW.beforeMs;
    const to = w.to
      ? Date.parse(w.to)
      : w.from
        ? from + EPG_WINDOW.beforeMs + EPG_WINDOW.afterMs
        : now + EPG_WINDOW.afterMs;
    if (to <= from) throw badRequest('to', 'to must be after from');
    if (to - from > EPG_WINDOW.maxSpanMs) throw badRequest('to', 'The EPG window is at most 48 hours');
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  }

  async function liveChannels(
    site: string,
    ids: string[] | null,
    win: { from: string; to: string },
    withEpg = true,
  ) {
    const rows = await repo.listLiveChannels(site, ids);
    const repeating = rows.filter((r) => (r.epg_repeat_hours ?? 0) > 0);
    const asWritten = rows.filter((r) => !repeating.includes(r));
    const entries = withEpg
      ? await repo.epgEntries(
          site,
          asWritten.map((r) => r.id),
          win.from,
          win.to,
        )
      : [];
    const byChannel = new Map<string, ReturnType<typeof toEpgEntry>[]>();
    for (const e of entries) {
      const list = byChannel.get(e.live_channel_id) ?? [];
      list.push(toEpgEntry(e));
      byChannel.set(e.live_channel_id, list);
    }
    if (withEpg)
      for (const r of repeating) byChannel.set(r.id, await repeatedEpg(site, r.id, r.epg_repeat_hours!, win));
    return rows.map((r) => toLiveChannel(r, byChannel.get(r.id) ?? []));
  }

  /**
   * A repeating guide's programmes in the window (decision 0036): its first cycle's entries at each
   * repeat. An occurrence keeps its entry's id (the programme it repeats).
   */
  async function repeatedEpg(
    site: string,
    channelId: string,
    hours: number,
    win: { from: string; to: string },
  ) {
    const written = (await repo.epgSchedule(site, channelId)).map((row) => ({
      row,
      startMs: Date.parse(row.start),
      stopMs: Date.parse(row.stop),
    }));
    const guide = repeatingGuide(written, hours * 3_600_000);
    if (!guide) return [];
    return occurrences(guide, Date.parse(win.from), Date.parse(win.to)).map((o) =>
      toEpgEntry({
        ...o.row,
        start: new Date(o.startMs).toISOString(),
        stop: new Date(o.stopMs).toISOString(),
      }),
    );
  }

  return { epgWindow, liveChannels };
}

/** Live channels with their EPG, and live events. */
export function createLiveReads({ repo, clock, requireVideo }: CatalogReads, guide: LiveGuide) {
  return {
    async liveChannels(site: string, w: EpgWindow): Promise<LiveChannelList> {
      const win = guide.epgWindow(w);
      return { ...win, items: await guide.liveChannels(site, null, win) };
    },
    async liveChannel(site: string, id: string, w: EpgWindow): Promise<LiveChannel> {
      const win = guide.epgWindow(w);
      if (!(await repo.findLiveChannel(site, id))) throw notFound(`Live channel '${id}'`);
      const [channel] = await guide.liveChannels(site, [id], win);
      return channel!;
    },
    async liveEvent(site: string, uid: string): Promise<Video> {
      return toVideo(await requireVideo(site, uid, 'liveEvent'), clock());
    },
  };
}
