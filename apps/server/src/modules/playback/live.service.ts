import {
  liveWindow,
  repeatingGuide,
  repeatingLiveWindow,
  toGrid,
  type GridEntry,
  type RepeatingGuide,
  type ScheduleEntry,
  PlaybackErrorCode,
} from '@marquee/domain';
import { AppError, forbidden, notFound } from '../../plugins/errors';
import type { MediaClaims, MediaSigner } from './media-token';
import type { PlaybackRepository } from './playback.repository';

export type LiveService = ReturnType<typeof createLiveService>;

type RenditionJson = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth?: number;
  playlist: string;
  codecs?: string;
};

type Variant = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number | null;
  codecs: string | null;
};

type ChannelSchedule = {
  grid: GridEntry[];
  /** The guide's first cycle when it repeats (live_channels.epg_repeat_hours; decision 0036). */
  repeating: RepeatingGuide<ScheduleEntry> | null;
  /** The rendition names every scheduled asset has, with the peak figures across assets. */
  variants: Variant[];
  /** assetId → rendition name → folder of its segments, relative to the asset folder. */
  folders: Map<string, Map<string, string>>;
};

/** EPG changes rarely; a playlist is fetched every ~2 s by every viewer. */
const SCHEDULE_CACHE_MS = 5_000;

export const offAir = () => new AppError(404, PlaybackErrorCode.offAir, 'Channel is off air');

/** The rendition names common to every asset, in the first asset's order, with the highest bandwidth seen. */
function commonVariants(assets: RenditionJson[][]): Variant[] {
  const [first, ...rest] = assets;
  if (!first) return [];
  return first
    .filter((r) => rest.every((list) => list.some((o) => o.name === r.name)))
    .map((r) => {
      const same = assets.map((list) => list.find((o) => o.name === r.name)!);
      const codecs = same.every((o) => o.codecs && o.codecs === r.codecs) ? (r.codecs ?? null) : null;
      const averages = same.map((o) => o.averageBandwidth ?? 0);
      return {
        name: r.name,
        width: r.width,
        height: r.height,
        bandwidth: Math.max(...same.map((o) => o.bandwidth)),
        averageBandwidth: averages.every((a) => a > 0) ? Math.max(...averages) : null,
        codecs,
      };
    });
}

/**
 * Linear live channels (ARCHITECTURE.md): a master over the renditions every scheduled asset has,
 * and per rendition a sliding-window live media playlist built on the wall clock from the EPG.
 * Segment URIs point into the VOD assets, signed for each asset with the live token's expiry.
 */
export function createLiveService(deps: {
  repo: PlaybackRepository;
  signer: MediaSigner;
  now: () => number;
}) {
  const { repo, signer, now } = deps;
  const cache = new Map<string, { at: number; value: ChannelSchedule }>();

  async function schedule(siteUid: string, channelId: string): Promise<ChannelSchedule> {
    const key = `${siteUid}/${channelId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < SCHEDULE_CACHE_MS) return hit.value;
    const [channel, rows] = await Promise.all([
      repo.findLiveChannel(siteUid, channelId),
      repo.findSchedule(siteUid, channelId),
    ]);
    if (!channel) throw notFound(`Live channel '${channelId}'`);
    const ready = rows.filter((r) => r.status === 'ready');
    const renditions = new Map<string, RenditionJson[]>();
    for (const r of ready) {
      if (!renditions.has(r.asset_id))
        renditions.set(r.asset_id, JSON.parse(r.renditions) as RenditionJson[]);
    }
    const folders = new Map(
      [...renditions].map(([asset, list]) => [
        asset,
        new Map(list.map((r) => [r.name, r.playlist.split('/').slice(0, -1).join('/')])),
      ]),
    );
    const entries: ScheduleEntry[] = ready.map((r) => ({
      startMs: Date.parse(r.start),
      stopMs: Date.parse(r.stop),
      assetId: r.asset_id,
      assetDurationS: r.duration_s,
    }));
    const repeatHours = channel.epg_repeat_hours ?? 0;
    const value = {
      grid: toGrid(entries),
      repeating: repeatHours > 0 ? repeatingGuide(entries, repeatHours * 3_600_000) : null,
      variants: commonVariants([...renditions.values()]),
      folders,
    };
    cache.set(key, { at: Date.now(), value });
    return value;
  }

  return {
    /** The live token's claims when it is valid for this channel; else 403. */
    verify(token: string, siteUid: string, channelId: string): MediaClaims {
      const claims = signer.verify(token, now());
      if (!claims || claims.site !== siteUid || claims.channel !== channelId) {
        throw forbidden('Invalid or expired playback token');
      }
      return claims;
    },

    async master(siteUid: string, channelId: string): Promise<string> {
      const { variants } = await schedule(siteUid, channelId);
      if (variants.length === 0) throw offAir();
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
      for (const v of variants) {
        const attrs = [`BANDWIDTH=${v.bandwidth}`];
        if (v.averageBandwidth) attrs.push(`AVERAGE-BANDWIDTH=${v.averageBandwidth}`);
        attrs.push(`RESOLUTION=${v.width}x${v.height}`);
        if (v.codecs) attrs.push(`CODECS="${v.codecs}"`);
        lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${v.name}.m3u8`);
      }
      return `${lines.join('\n')}\n`;
    },

    /** The sliding-window media playlist of one rendition at now(); 404 'Channel is off air' in a gap. */
    async variant(
      siteUid: string,
      channelId: string,
      rendition: string,
      claims: MediaClaims,
    ): Promise<string> {
      const s = await schedule(siteUid, channelId);
      if (!s.variants.some((v) => v.name === rendition)) throw notFound(`Rendition '${rendition}'`);
      const window = s.repeating ? repeatingLiveWindow(s.repeating, now()) : liveWindow(s.grid, now());
      if (!window) throw offAir();
      const tokens = new Map<string, string>();
      const tokenFor = (asset: string) => {
        let t = tokens.get(asset);
        if (!t) {
          t = signer.sign({ exp: claims.exp, asset, ...(claims.user ? { user: claims.user } : {}) });
          tokens.set(asset, t);
        }
        return t;
      };
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
        `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
      ];
      window.segments.forEach((seg, i) => {
        if (seg.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
        if (seg.discontinuity || i === 0) {
          lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(seg.startMs).toISOString()}`);
        }
        const folder = s.folders.get(seg.assetId)?.get(rendition) ?? rendition;
        const file = `${folder ? `${folder}/` : ''}seg_${String(seg.segmentIndex).padStart(5, '0')}.ts`;
        lines.push('#EXTINF:2.000,', `/media/${tokenFor(seg.assetId)}/${seg.assetId}/${file}`);
      });
      return `${lines.join('\n')}\n`;
    },
  };
}
