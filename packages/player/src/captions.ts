/** Captions from WebVTT (playback-and-social §3 Video `subtitles`, issue 5 item 6). */

export interface SubtitleRef {
  language: string;
  label: string;
  /** Where the catalog says the file is; only its file name is used (see below). */
  url: string;
}

export interface CaptionTrack {
  language: string;
  label: string;
  /** The .vtt beside the signed playlist: `/media/{token}/{assetId}/subs-en.vtt`. */
  src: string;
}

/**
 * `<track>` sources for a video's subtitles. The .vtt files sit in the asset folder next to
 * `master.m3u8`, behind the same signed token as the playlist, so each file name is resolved
 * against the play URL: paid content's captions are as protected as its segments.
 */
export function captionTracks(
  subtitles: readonly SubtitleRef[],
  playUrl: string | null | undefined,
): CaptionTrack[] {
  if (!playUrl || !/\.m3u8(\?|#|$)/i.test(playUrl)) return [];
  const dir = playUrl.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
  return subtitles.flatMap((s) => {
    const file =
      s.url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop() ?? '';
    if (!/^[\w.-]+\.vtt$/i.test(file)) return [];
    return [{ language: s.language, label: s.label || s.language, src: dir + file }];
  });
}
