import type { ProgressList } from '@marquee/contract';
import { progressPercent } from '@marquee/domain';

/** The percent watched of each video with a saved position (the continue-watching list). */
export function progressByVideo(list: ProgressList | undefined): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of list?.items ?? []) {
    const percent = progressPercent(item.progress, item.duration || item.video.contentDetails.duration);
    if (percent !== null) map.set(item.id, percent);
  }
  return map;
}
