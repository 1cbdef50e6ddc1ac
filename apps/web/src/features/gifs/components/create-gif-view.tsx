import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, videoPlayUrlQueryOptions, videoQueryOptions } from '@marquee/api-client';
import type { GifSize } from '@marquee/domain';
import {
  defaultGifRange,
  formatDuration,
  GIF_DRAG_STEP_SECONDS,
  GIF_MAX_SECONDS,
  GIF_MEME_MAX_CHARS,
  GIF_MIN_SECONDS,
  gifRangeProblem,
  snapToStep,
} from '@marquee/domain';
import { Player } from '@marquee/player/react';
import type { Player as CorePlayer } from '@marquee/player';
import { api } from '../../../lib/api';
import { useCreateGif, useGif } from '../api/use-gifs';
import './gifs.css';

/** A range of the video, on the drag grid, kept 1–15 s long and inside the video. */
type Range = { start: number; end: number };

function clampRange(next: Range, moved: 'start' | 'end', duration: number): Range {
  let start = snapToStep(Math.max(0, next.start));
  let end = snapToStep(Math.min(duration || next.end, next.end));
  if (moved === 'start') {
    end = Math.min(duration || Infinity, Math.max(end, start + GIF_MIN_SECONDS), start + GIF_MAX_SECONDS);
    if (end - start < GIF_MIN_SECONDS) start = Math.max(0, end - GIF_MIN_SECONDS);
  } else {
    start = Math.max(0, Math.min(start, end - GIF_MIN_SECONDS), end - GIF_MAX_SECONDS);
    if (end - start < GIF_MIN_SECONDS) end = start + GIF_MIN_SECONDS;
  }
  return { start, end };
}

/**
 * The create-gif page (discovery-and-site §2.8 main.create-gif; §5, §9): the real video loops over
 * the chosen range while the viewer drags its ends in half-second steps (1–15 s, 5 by default) and
 * types the meme text; Create queues the gif, a progress bar shows while it renders, and on Success
 * the viewer goes to the gif's page (on Error they may try again).
 */
export function CreateGifView({
  videoUid,
  channelId,
  at,
}: {
  videoUid: string;
  channelId: string | null;
  at: number;
}) {
  const { t } = useTranslation('gifs');
  const navigate = useNavigate();
  const video = useQuery(videoQueryOptions(api, videoUid));
  const playUrl = useQuery(videoPlayUrlQueryOptions(api, videoUid));
  const duration = video.data?.contentDetails?.duration ?? 0;
  const [range, setRange] = useState<Range | null>(null);
  const current = range ?? defaultGifRange(at, duration);
  const [top, setTop] = useState('');
  const [bottom, setBottom] = useState('');
  const [size, setSize] = useState<GifSize>('medium');
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const create = useCreateGif(videoUid);
  const [gifId, setGifId] = useState<string | null>(null);
  const gif = useGif(gifId);
  const ids = { start: useId(), end: useId(), top: useId(), bottom: useId(), size: useId() };

  // The preview loops over the range.
  useEffect(() => {
    if (!player) return;
    player.seek(current.start);
    return player.on('timeupdate', ({ currentTime }) => {
      if (currentTime >= current.end || currentTime < current.start - 0.5) player.seek(current.start);
    });
  }, [player, current.start, current.end]);

  useEffect(() => {
    if (gif.data?.result === 'Success') void navigate(`/gif/${encodeURIComponent(gif.data._id)}`);
  }, [gif.data, navigate]);

  if (video.isPending) return <p role="status">{t('create.loading')}</p>;
  if (video.isError) return <p role="alert">{t('create.videoError')}</p>;

  const move = (moved: 'start' | 'end', value: number) =>
    setRange(clampRange({ ...current, [moved]: value }, moved, duration));
  const problem = gifRangeProblem(current.start, current.end, duration);
  const rendering = gifId !== null && gif.data?.result !== 'Error';
  const failed = gif.data?.result === 'Error';
  const refused =
    create.error instanceof ApiError ? create.error.message : create.error ? t('create.failed') : null;
  const backHref = channelId
    ? `/channel/${encodeURIComponent(channelId)}/${encodeURIComponent(videoUid)}`
    : `/movie/${encodeURIComponent(videoUid)}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (problem || rendering) return;
    setGifId(null);
    create.mutate(
      { start: current.start, end: current.end, size, memeTopText: top, memeBottomText: bottom },
      { onSuccess: (made) => setGifId(made._id) },
    );
  };

  return (
    <main className="create-gif" data-testid="create-gif">
      <h1 className="create-gif__title">
        {t('create.title')}: {video.data.title}
      </h1>
      <div className="create-gif__preview">
        {playUrl.data?.url ? (
          <Player
            src={playUrl.data.url}
            autoplay
            muted
            controls={false}
            onPlayer={setPlayer}
            title={video.data.title}
          >
            <p className="create-gif__meme create-gif__meme--top" aria-hidden="true">
              {top}
            </p>
            <p className="create-gif__meme create-gif__meme--bottom" aria-hidden="true">
              {bottom}
            </p>
          </Player>
        ) : (
          <p role="status">{playUrl.isError ? t('create.videoError') : t('create.loading')}</p>
        )}
      </div>
      <form className="create-gif__form" onSubmit={submit} aria-busy={rendering}>
        <fieldset className="create-gif__range" disabled={rendering}>
          <label htmlFor={ids.start}>
            {t('create.start')}{' '}
            <output data-testid="gif-start">{formatDuration(current.start) || '0:00'}</output>
          </label>
          <input
            id={ids.start}
            type="range"
            min={0}
            max={Math.max(0, duration - GIF_MIN_SECONDS)}
            step={GIF_DRAG_STEP_SECONDS}
            value={current.start}
            onChange={(e) => move('start', Number(e.target.value))}
            data-testid="gif-start-input"
          />
          <label htmlFor={ids.end}>
            {t('create.end')} <output data-testid="gif-end">{formatDuration(current.end)}</output>{' '}
            <span data-testid="gif-length">
              ({t('create.length', { seconds: current.end - current.start })})
            </span>
          </label>
          <input
            id={ids.end}
            type="range"
            min={GIF_MIN_SECONDS}
            max={duration || GIF_MAX_SECONDS}
            step={GIF_DRAG_STEP_SECONDS}
            value={current.end}
            onChange={(e) => move('end', Number(e.target.value))}
            data-testid="gif-end-input"
          />
        </fieldset>
        <fieldset className="create-gif__text" disabled={rendering}>
          <label htmlFor={ids.top}>{t('create.topText')}</label>
          <input
            id={ids.top}
            value={top}
            maxLength={GIF_MEME_MAX_CHARS}
            onChange={(e) => setTop(e.target.value)}
            data-testid="gif-top-text"
          />
          <label htmlFor={ids.bottom}>{t('create.bottomText')}</label>
          <input
            id={ids.bottom}
            value={bottom}
            maxLength={GIF_MEME_MAX_CHARS}
            onChange={(e) => setBottom(e.target.value)}
            data-testid="gif-bottom-text"
          />
          <label htmlFor={ids.size}>{t('create.size')}</label>
          <select id={ids.size} value={size} onChange={(e) => setSize(e.target.value as GifSize)}>
            <option value="small">{t('create.small')}</option>
            <option value="medium">{t('create.medium')}</option>
          </select>
        </fieldset>
        {problem ? (
          <p role="alert" className="create-gif__error">
            {problem.message}
          </p>
        ) : null}
        {refused ? (
          <p role="alert" className="create-gif__error" data-testid="gif-refused">
            {refused}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className="create-gif__error" data-testid="gif-failed">
            {t('create.failed')}
          </p>
        ) : null}
        {rendering ? (
          <div role="status" className="create-gif__progress" data-testid="gif-rendering">
            <span>{t('create.progress')}</span>
            <progress aria-label={t('create.progress')} />
          </div>
        ) : null}
        <div className="create-gif__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!!problem || rendering || create.isPending}
            data-testid="gif-submit"
          >
            {create.isPending ? t('create.creating') : t('create.submit')}
          </button>
          <Link className="button" to={backHref}>
            {t('create.back')}
          </Link>
        </div>
      </form>
    </main>
  );
}
