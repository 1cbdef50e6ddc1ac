import { useTranslation } from 'react-i18next';
import type { Player as CorePlayer } from '@marquee/player';
import { formatTimeInput, groupMoments } from '@marquee/domain';
import { useMomentsWindow } from '../api/use-moments';
import './moments.css';

/**
 * The moments as markers along the player's timeline: one per second that has any, over the
 * bottom of the video; a marker seeks there (and tells how many comments it holds).
 */
export function MomentMarkers({
  videoUid,
  duration,
  player,
}: {
  videoUid: string;
  duration: number;
  player: CorePlayer | null;
}) {
  const { t } = useTranslation('moments');
  const moments = useMomentsWindow(videoUid, 0, Math.max(1, Math.ceil(duration)) + 1);
  if (!duration || !moments.data?.items.length) return null;
  return (
    <div className="moment-markers" data-testid="moment-markers">
      {groupMoments(moments.data.items).map((group) => (
        <button
          key={group.at}
          type="button"
          className="moment-markers__marker"
          style={{ left: `${Math.min(100, (group.at / duration) * 100)}%` }}
          title={group.items[0]!.tag}
          aria-label={t('marker', { time: formatTimeInput(group.at), count: group.items.length })}
          onClick={() => player?.seek(group.at)}
          data-testid="moment-marker"
        />
      ))}
    </div>
  );
}
