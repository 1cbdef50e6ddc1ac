/** The quality menu (issue 5 item 6): Auto plus each rendition of the HLS ladder (hls.js levels). */

/** A rendition as hls.js lists it; `index` is its position in `hls.levels`. */
export interface QualityLevel {
  index: number;
  height: number;
  /** Bits per second. */
  bitrate: number;
}

/** hls.js' automatic level selection. */
export const AUTO_QUALITY = -1;

export interface QualityOption {
  /** A level index, or AUTO_QUALITY. */
  value: number;
  /** '720p'; the UI labels Auto itself (it is translated). */
  label: string | null;
}

/**
 * The menu's options: Auto first, then each rendition highest first, labelled by height ('720p';
 * two renditions of one height also show their bitrate). Empty when there is nothing to choose
 * (native HLS exposes no levels, one rendition leaves only Auto): the menu then hides.
 */
export function qualityOptions(levels: readonly QualityLevel[]): QualityOption[] {
  if (levels.length < 2) return [];
  const sorted = [...levels].sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
  const heights = new Map<number, number>();
  for (const l of sorted) heights.set(l.height, (heights.get(l.height) ?? 0) + 1);
  return [
    { value: AUTO_QUALITY, label: null },
    ...sorted.map((l) => ({
      value: l.index,
      label:
        (heights.get(l.height) ?? 0) > 1
          ? `${l.height}p (${Math.round(l.bitrate / 1000)} kbps)`
          : `${l.height}p`,
    })),
  ];
}
