/**
 * Video thumbnails (discovery-and-site §2.10: "Thumbnail preference: maxres, high, medium,
 * standard, default"). Media assets keep one JPEG per size; every size is served, unsigned, at
 * `/media/thumbs/{assetId}/thumb-{size}.jpg`.
 */
export const THUMBNAIL_PREFERENCE = ['maxres', 'high', 'medium', 'standard', 'default'] as const;
export type ThumbnailSize = (typeof THUMBNAIL_PREFERENCE)[number];

export type Thumbnail = { url: string; width: number; height: number };
export type Thumbnails = Record<ThumbnailSize, Thumbnail>;

/** The pixel size of each thumbnail file, YouTube's naming (the media pipeline writes these). */
export const THUMBNAIL_DIMENSIONS: Record<ThumbnailSize, { width: number; height: number }> = {
  maxres: { width: 1280, height: 720 },
  high: { width: 480, height: 360 },
  medium: { width: 320, height: 180 },
  standard: { width: 640, height: 480 },
  default: { width: 120, height: 90 },
};

/** Public path of one thumbnail file of a media asset. */
export function thumbnailUrl(assetId: string, size: ThumbnailSize): string {
  return `/media/thumbs/${encodeURIComponent(assetId)}/thumb-${size}.jpg`;
}

function isSize(name: string): name is ThumbnailSize {
  return (THUMBNAIL_PREFERENCE as readonly string[]).includes(name);
}

/**
 * The thumbnails an asset actually has, from its stored `{ size: file | { width, height } }` map.
 * Unknown size names and empty values are ignored.
 */
export function assetThumbnails(
  assetId: string,
  stored: Record<string, unknown> | null | undefined,
): Partial<Thumbnails> {
  const out: Partial<Thumbnails> = {};
  for (const [name, value] of Object.entries(stored ?? {})) {
    if (!isSize(name) || !value) continue;
    const dims =
      typeof value === 'object' &&
      typeof (value as { width?: unknown }).width === 'number' &&
      typeof (value as { height?: unknown }).height === 'number'
        ? { width: (value as { width: number }).width, height: (value as { height: number }).height }
        : THUMBNAIL_DIMENSIONS[name];
    out[name] = { url: thumbnailUrl(assetId, name), ...dims };
  }
  return out;
}

/** The first available thumbnail in the spec's preference order, or null when there is none. */
export function bestThumbnail(available: Partial<Thumbnails>): Thumbnail | null {
  for (const size of THUMBNAIL_PREFERENCE) {
    const thumb = available[size];
    if (thumb) return thumb;
  }
  return null;
}

/** All five sizes: the available ones kept, each missing one filled from the best available. Null when none. */
export function normalizeThumbnails(available: Partial<Thumbnails>): Thumbnails | null {
  const best = bestThumbnail(available);
  if (!best) return null;
  const out = {} as Thumbnails;
  for (const size of THUMBNAIL_PREFERENCE) out[size] = available[size] ?? best;
  return out;
}

/** A movie's or series' poster: its own poster when set, else its best thumbnail's URL, else null. */
export function posterOrFallback(
  poster: string | null | undefined,
  thumbnails: Partial<Thumbnails>,
): string | null {
  if (poster) return poster;
  return bestThumbnail(thumbnails)?.url ?? null;
}
