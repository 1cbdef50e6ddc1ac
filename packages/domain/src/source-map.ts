/**
 * The source map (discovery-and-site §9, playback-and-social §3): which player plays a live event's
 * source. `vjs` is our own HLS player ("liveEvent is vjs"); `jw` JW Player, `yt` YouTube and `dm`
 * Dailymotion play through the provider's own player API (decision 0059).
 */
export type PlayerSource = 'vjs' | 'jw' | 'yt' | 'dm';

/** The sources another company's player plays. */
export type ProviderSource = Exclude<PlayerSource, 'vjs'>;

export const PLAYER_SOURCES: readonly PlayerSource[] = ['vjs', 'jw', 'yt', 'dm'];

/** The names the source map gives each source, and the codes themselves. */
const SOURCE_NAMES: Record<string, PlayerSource> = {
  liveevent: 'vjs',
  vjs: 'vjs',
  jw: 'jw',
  jwplayer: 'jw',
  youtube: 'yt',
  yt: 'yt',
  dailymotion: 'dm',
  dm: 'dm',
};

/** The player source of a stored `sourceType` (a code or the map's name); anything else is ours (vjs). */
export function playerSource(sourceType: string | null | undefined): PlayerSource {
  return SOURCE_NAMES[(sourceType ?? '').trim().toLowerCase()] ?? 'vjs';
}

/** A source another company's player plays, or null for our own. */
export function providerSource(sourceType: string | null | undefined): ProviderSource | null {
  const source = playerSource(sourceType);
  return source === 'vjs' ? null : source;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const DAILYMOTION_ID = /^[a-zA-Z0-9]{5,12}$/;
const JW_MEDIA_ID = /^[a-zA-Z0-9]{8}$/;

function urlOf(link: string): URL | null {
  try {
    return new URL(link);
  } catch {
    return null;
  }
}

/**
 * The provider's id of the video a link names: YouTube `watch?v=`, `youtu.be/`, `/embed/`, `/live/`
 * and `/shorts/` links; Dailymotion `/video/x…` and `dai.ly/x…`; a JW Player media id or a
 * `cdn.jwplayer.com/v2/media/{id}` (or `/manifests/{id}.m3u8`) URL. A bare id is taken as it is.
 * Null when the link names none.
 */
export function providerVideoId(source: ProviderSource, link: string | null | undefined): string | null {
  const text = (link ?? '').trim();
  if (!text) return null;
  const url = urlOf(text);
  const host = url?.hostname.replace(/^www\.|^m\./, '') ?? '';
  const path = url?.pathname.split('/').filter(Boolean) ?? [];
  switch (source) {
    case 'yt': {
      if (!url) return YOUTUBE_ID.test(text) ? text : null;
      let id: string | null | undefined = null;
      if (host === 'youtu.be') id = path[0];
      else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com'))
        id = ['embed', 'live', 'shorts', 'v'].includes(path[0] ?? '') ? path[1] : url.searchParams.get('v');
      return id && YOUTUBE_ID.test(id) ? id : null;
    }
    case 'dm': {
      if (!url) return DAILYMOTION_ID.test(text) ? text : null;
      let id: string | undefined;
      if (host === 'dai.ly') id = path[0];
      else if (host.endsWith('dailymotion.com')) id = path[path.indexOf('video') + 1];
      // The slug after the id (`x8abc12_the-title`) is not part of it.
      const bare = id?.split('_')[0];
      return bare && DAILYMOTION_ID.test(bare) && path.length > 0 ? bare : null;
    }
    case 'jw': {
      if (!url) return JW_MEDIA_ID.test(text) ? text : null;
      const last = path.at(-1)?.replace(/\.(m3u8|json|mp4)$/, '');
      return last && JW_MEDIA_ID.test(last) ? last : null;
    }
  }
}
