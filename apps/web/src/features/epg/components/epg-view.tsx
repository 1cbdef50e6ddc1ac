import type { LiveChannel } from '@marquee/contract';
import {
  EPG_PROGRAMME_TIMER_MS,
  channelNeedsLogin,
  channelsInCategory,
  epgFetchRange,
  epgWindow,
  ms,
  nowAndNext,
  type Milliseconds,
} from '@marquee/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { useChannelPlayUrl } from '../api/use-channel-play-url';
import { useEpgAsset } from '../api/use-epg-asset';
import { useCinemaMode } from '../hooks/use-cinema-mode';
import { useLastViewed } from '../hooks/use-last-viewed';
import { useNow } from '../hooks/use-now';
import { playState, type PlayState } from '../utils/play-state';
import { EpgCategories } from './epg-categories';
import { EpgChannelInfo } from './epg-channel-info';
import { EpgControls } from './epg-controls';
import { EpgGrid } from './epg-grid';
import { EpgLastViewed } from './epg-last-viewed';
import { EpgSkeleton } from './epg-skeleton';
import { EpgStage } from './epg-stage';
import './epg.css';

export interface EpgViewProps {
  /** The EPG tab's id (GET /v2/sites/{site}/assets/{id}/epg). */
  tabId: string;
  /** The tab's title from the site config, until the guide's own arrives. */
  title: string;
  /** `?channel=`: the selected channel (id or _id); else the last viewed, else the first. */
  channelId: string | null;
  session: 'loading' | 'anonymous' | 'signedIn';
  /** The guide with this channel selected (links replace the history entry). */
  hrefFor: (channelId: string) => string;
  /** Sign-in with the return intent to this channel (odrc liveChannel). */
  loginHref: (channelId: string) => string;
}

const byId = (channels: readonly LiveChannel[], id: string | null | undefined) =>
  id ? (channels.find((c) => c.id === id || c._id === id) ?? null) : null;

/** The viewer's offset from UTC at `t`, so slots fall on local :00 and :30. */
const utcOffsetAt = (t: Milliseconds) => ms(-new Date(t).getTimezoneOffset() * 60_000);

/**
 * The programme guide of an EPG tab (discovery-and-site §2.5): last-viewed channels, the player for
 * the selected channel with now/next, the category filter, the time offset and the schedule grid.
 * After 30 s without input while a channel plays, cinema mode hides the guide and enlarges the player.
 */
export function EpgView({ tabId, title, channelId, session, hrefFor, loginHref }: EpgViewProps) {
  const { t } = useTranslation('epg');
  const now = useNow(EPG_PROGRAMME_TIMER_MS);
  const utcOffset = utcOffsetAt(now);
  const guide = useEpgAsset(tabId, epgFetchRange(now, utcOffset));
  const [category, setCategory] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const { ids: lastViewedIds, record } = useLastViewed();

  const channels = guide.data?.liveChannels ?? [];
  const selected = byId(channels, channelId) ?? byId(channels, lastViewedIds[0]) ?? channels[0] ?? null;
  const onAir = selected ? nowAndNext(selected.epg, now) : { now: null, next: null };
  const needsLogin = !!selected && channelNeedsLogin(selected.accessType, session === 'signedIn');
  const mayAsk = !!selected && session !== 'loading' && !needsLogin && !!onAir.now;
  const playUrl = useChannelPlayUrl(mayAsk ? selected.id : undefined);

  let stage: PlayState = playState({
    enabled: mayAsk,
    isPending: playUrl.isPending,
    error: playUrl.error,
    data: playUrl.data,
  });
  if (needsLogin) stage = { kind: 'login' };
  else if (selected && session !== 'loading' && !onAir.now) stage = { kind: 'offAir' };

  const playingId = stage.kind === 'play' ? selected?.id : undefined;
  useEffect(() => {
    if (playingId) record(playingId);
  }, [playingId, record]);

  const cinema = useCinemaMode(stage.kind === 'play');

  if (guide.isPending) return <EpgSkeleton />;
  if (guide.isError && !guide.data) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void guide.refetch()}
        testId="epg-error"
      >
        {errorMessage(guide.error)}
      </StatusMessage>
    );
  }
  if (channels.length === 0) {
    return (
      <StatusMessage kind="empty" title={t('empty')} testId="epg-empty">
        {t('emptyBody')}
      </StatusMessage>
    );
  }

  const categories = guide.data?.categories ?? [];
  const activeCategory = category !== null && categories.includes(category) ? category : null;
  const view = epgWindow(now, offset, utcOffset);
  const lastViewed = lastViewedIds
    .map((id) => byId(channels, id))
    .filter((c): c is LiveChannel => c !== null);

  return (
    <section
      className="epg"
      data-testid="epg"
      data-cinema={cinema || undefined}
      data-offset={view.offset}
      data-channel-id={selected?.id}
    >
      <h1 className="epg__title">{guide.data?.title || title || t('title')}</h1>
      <EpgLastViewed channels={lastViewed} selectedId={selected?.id ?? null} now={now} hrefFor={hrefFor} />
      <div className="epg__top">
        <EpgStage
          channel={selected}
          state={stage}
          loginHref={loginHref}
          onRetry={() => void playUrl.refetch()}
        />
        {selected ? <EpgChannelInfo channel={selected} now={onAir.now} next={onAir.next} /> : null}
      </div>
      <div className="epg__guide">
        <EpgCategories categories={categories} active={activeCategory} onChange={setCategory} />
        <EpgControls view={view} onChange={setOffset} />
        <EpgGrid
          view={view}
          channels={channelsInCategory(channels, activeCategory)}
          selectedId={selected?.id ?? null}
          now={now}
          signedIn={session === 'signedIn'}
          hrefFor={hrefFor}
        />
      </div>
      {cinema ? (
        <p className="visually-hidden" role="status">
          {t('cinema')}
        </p>
      ) : null}
    </section>
  );
}
