import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Player as CorePlayer } from '@marquee/player';
import { Player, useLiveChannelAnalytics } from '@marquee/player/react';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../components/error-message';
import { renewLiveChannelPlayUrl, useLiveChannelPlayUrl } from '../api/use-live-channel-play-url';
import { useLiveChannels } from '../api/use-live-channels';
import { clock, nowAndNext } from '../utils/epg';
import { playbackProblem } from '../utils/playback-problem';
import { PlaybackNotice } from './playback-notice';
import { ActivityCheckModal } from './activity-check-modal';
import { useActivityCheck } from '../hooks/use-activity-check';
import './watch.css';

interface LiveViewProps {
  /** The channel to play; the first channel when absent. */
  channelId?: string | null;
  hrefFor: (channelId: string) => string;
  onLeave: () => void;
  /** The channel's chat panel for its room (composed by the app, decision 0045); none without it. */
  chat?: (chatId: string) => ReactNode;
}

/** Live channels: the selected channel playing (live HLS), with now/next and the channel list. */
export function LiveView({ channelId, hrefFor, onLeave, chat }: LiveViewProps) {
  const { t } = useTranslation('watch');
  const channels = useLiveChannels();
  const list = channels.data?.items ?? [];
  const current =
    list.find((c) => c.id === channelId || c._id === channelId) ?? (channelId ? null : list[0]) ?? null;
  const playId = current?.id ?? channelId ?? undefined;
  const playUrl = useLiveChannelPlayUrl(playId);
  const problem = playbackProblem({ error: playUrl.error, data: playUrl.data });
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const [playing, setPlaying] = useState(false);
  useLiveChannelAnalytics(player, current?.id);
  const activity = useActivityCheck(player, playing, true);

  if (channels.isError) {
    return (
      <StatusMessage kind="error" title={t('live.loadError')} onRetry={() => void channels.refetch()}>
        {errorMessage(channels.error)}
      </StatusMessage>
    );
  }
  if (channels.isSuccess && list.length === 0) {
    return <StatusMessage kind="empty" title={t('live.empty')} testId="live-empty" />;
  }

  const { now, next } = current ? nowAndNext(current) : { now: null, next: null };
  return (
    <article className="watch watch--live" data-testid="live" data-channel-id={playId}>
      <div className="watch__stage">
        {problem ? (
          <PlaybackNotice problem={problem} onRetry={() => void playUrl.refetch()} />
        ) : playUrl.data?.url ? (
          <Player
            src={playUrl.data.url}
            expiresAt={playUrl.data.expiresAt}
            renewSource={() => renewLiveChannelPlayUrl(playId ?? '')}
            serverNow={api.serverNow}
            live
            autoplay
            hotkeys
            onLeave={onLeave}
            onPlayer={setPlayer}
            onStateChange={(state) => setPlaying(state.playing)}
            title={current?.name}
          />
        ) : (
          <div className="watch__placeholder" aria-busy="true" aria-label={t('live.loading')} />
        )}
      </div>
      <ActivityCheckModal check={activity.check} onAnswer={activity.answer} />
      {current && chat ? (
        <section className="live__chat" aria-label={t('live.chat')} data-testid="live-chat">
          {chat(`channel-${current.id}`)}
        </section>
      ) : null}
      <div className="watch__info">
        <h1 className="watch__title">
          {current ? (
            <>
              <span className="live__number">{current.channelNumber}</span> {current.name}
            </>
          ) : (
            t('live.title')
          )}
        </h1>
        {now ? (
          <p className="live__now">
            <span className="card__badge live__badge">{t('live.badge')}</span> {now.title}
            {now.description ? <span className="live__desc"> — {now.description}</span> : null}
          </p>
        ) : null}
        {next ? (
          <p className="live__next">{t('live.nextAt', { time: clock(next), title: next.title })}</p>
        ) : null}
      </div>
      {list.length > 1 ? (
        <nav className="live__channels" aria-label={t('live.channelsNav')}>
          <h2 className="row__title">{t('live.channels')}</h2>
          <ul>
            {list.map((channel) => {
              const on = nowAndNext(channel).now;
              return (
                <li key={channel._id}>
                  <Link
                    to={hrefFor(channel.id)}
                    className="live__channel"
                    data-testid="live-channel"
                    aria-current={channel.id === current?.id ? 'page' : undefined}
                  >
                    <span className="live__number">{channel.channelNumber}</span>
                    <span>
                      <strong>{channel.name}</strong>
                      {on ? <span className="live__desc"> {on.title}</span> : null}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
