import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MoviePage, TitleSkeletonFallback } from '../../features/titles';
import { useSiteConfig } from '../../features/site';
import { useSession } from '@marquee/api-client/react';
import { WatchView } from '../../features/watch';
import { FavoriteToggle, WatchListButton } from '../../features/watch-list';
import { CreatePartyButton } from '../../features/watch-party';
import { useLeave } from './use-leave';

/** `/movie/:videoUid?channel&dyn` and `/movie/:movieVuid/extras/:videoUid` (plays the extra). Lazy. */
export default function MovieRoute({ extra = false }: { extra?: boolean }) {
  const { videoUid = '' } = useParams();
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
    <MoviePage
      key={videoUid}
      uid={videoUid}
      channel={channel}
      externalUrls={config.data?.perms.externalUrls ?? false}
      allowGifts={config.data?.perms.allowGifts ?? false}
      signedIn={status === 'signedIn'}
      actions={(movie) => (
        <>
          {config.data?.perms.watchList ? (
            <WatchListButton
              target={{ contentId: movie.uid, contentType: 'video', videoType: 'movie', channel }}
              title={movie.title}
              variant="hero"
            />
          ) : null}
          {/* Back to this page after the login flow (no channel: not the watch screen). */}
          <FavoriteToggle uid={movie.uid} channel={null} />
          {/* discovery §2.7: the watch party button, desktop only, movies only (the button hides on mobile). */}
          {config.data?.perms.watchParty ? (
            <CreatePartyButton contentId={movie.uid} title={movie.title} />
          ) : null}
        </>
      )}
    />
  );
}
