import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SeriesPage, TitleSkeletonFallback } from '../../features/titles';
import { useSiteConfig } from '../../features/site';
import { WatchView } from '../../features/watch';
import { WatchListButton } from '../../features/watch-list';
import { useSession } from '@marquee/api-client/react';
import { useLeave } from './use-leave';

const positive = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * `/series/:seriesUid?channel&dyn`, `/series/:seriesUid/seasons/:season/episodes/:episode` (that
 * episode selected) and `/series/:seriesUid/extra/:videoUid` (plays the extra). Lazy.
 */
export default function SeriesRoute({ extra = false }: { extra?: boolean }) {
  const { seriesUid = '', season, episode, videoUid = '' } = useParams();
  const [query] = useSearchParams();
  const config = useSiteConfig();
  const { status } = useSession();
  const leave = useLeave(useNavigate());
  const channel = query.get('channel');
  if (extra) {
    return <WatchView key={videoUid} channelId={channel ?? 'extras'} videoUid={videoUid} onLeave={leave} />;
  }
  if (config.isPending) return <TitleSkeletonFallback />;
  return (
    <SeriesPage
      key={`${seriesUid}/${season ?? ''}`}
      uid={seriesUid}
      channel={channel}
      season={positive(season)}
      episode={positive(episode)}
      allowGifts={config.data?.perms.allowGifts ?? false}
      signedIn={status === 'signedIn'}
      actions={(series) =>
        config.data?.perms.watchList ? (
          <WatchListButton
            target={{
              contentId: series.uid,
              contentType: 'series',
              videoType: 'series',
              channel: channel ?? series.defaultChannel,
            }}
            title={series.title}
            variant="hero"
          />
        ) : null
      }
    />
  );
}
