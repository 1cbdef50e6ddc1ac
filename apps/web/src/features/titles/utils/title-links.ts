/**
 * The gift page of a title (accounts-and-commerce §2: /gift?channel&videoUid&seriesUid). Commerce
 * builds the page; the title pages only link to it.
 */
export function giftHref(q: { channel?: string | null; videoUid?: string; seriesUid?: string }): string {
  const qs = new URLSearchParams();
  if (q.channel) qs.set('channel', q.channel);
  if (q.videoUid) qs.set('videoUid', q.videoUid);
  if (q.seriesUid) qs.set('seriesUid', q.seriesUid);
  return `/gift?${qs}`;
}

/** The season to show: the requested one when the series has it, else the first. */
export function pickSeason(
  seasons: readonly { season: number }[],
  requested: number | undefined,
): number | null {
  if (requested !== undefined && seasons.some((s) => s.season === requested)) return requested;
  return seasons[0]?.season ?? null;
}
