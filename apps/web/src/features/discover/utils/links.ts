import type { CardTarget, ChannelDetails } from '@marquee/domain';
import { paths } from '../../../config/paths';

/** The app route of a card link. */
export function targetHref(target: CardTarget): string {
  switch (target.screen) {
    case 'watch':
      return paths.watch.getHref(target.channelId, target.videoUid);
    case 'movie':
      return paths.movie.getHref(target.uid, { channel: target.channel });
    case 'series':
      return paths.series.getHref(target.uid, { channel: target.channel });
    case 'episode':
      return paths.seriesEpisode.getHref(target.seriesUid, target.season, target.episode, {
        channel: target.channel,
      });
    case 'channel':
      return paths.channelDetails.getHref(target.type, target.channelId);
  }
}

/** The app route of a channel-details page. */
export function channelDetailsHref(details: ChannelDetails): string {
  if (details.type === 'watch-list') return paths.channelWatchList.getHref();
  if (details.type === 'details') return paths.channelDetails.getHref('details', details.channelId);
  return paths.channelDetails.getHref(details.type, details.by);
}
