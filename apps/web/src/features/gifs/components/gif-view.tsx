import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, videoQueryOptions } from '@marquee/api-client';
import type { Gif } from '@marquee/contract';
import { api } from '../../../lib/api';
import { useGif } from '../api/use-gifs';
import './gifs.css';

/** What a gif is shared as: its title (the meme text, else the video's title) and the video's channel. */
export type GifShareInfo = { title: string; channelId: string | null };

/**
 * The gif page (discovery-and-site §2.8 main.gif {gifId}): the animation with its meme text baked
 * in, a link back to the video at the gif's start (`?gif=…&t=…`), and what the app adds (the share
 * panel, decision 0049).
 */
export function GifView({
  gifId,
  share,
  actions,
}: {
  gifId: string;
  /** The gif's share panel, once the gif is made. */
  share?: (gif: Gif, about: GifShareInfo) => React.ReactNode;
  /** What the app adds to the gif's actions (Report, decision 0054). */
  actions?: (gif: Gif) => React.ReactNode;
}) {
  const { t } = useTranslation('gifs');
  const gif = useGif(gifId);
  const video = useQuery({ ...videoQueryOptions(api, gif.data?.videoUid ?? ''), enabled: !!gif.data });
  if (gif.isPending) return <p role="status">{t('gif.loading')}</p>;
  if (gif.isError) {
    const missing = gif.error instanceof ApiError && (gif.error.status === 404 || gif.error.status === 400);
    return <p role="alert">{missing ? t('gif.notFound') : gif.error.message}</p>;
  }
  const g = gif.data;
  // The video's watch route at the gif's start, with the gif open in its Gifs tab.
  const channel = video.data?.metadata.channel;
  const open = `?gif=${encodeURIComponent(g._id)}&t=${Math.floor(g.startTime)}`;
  const watchHref = channel
    ? `/channel/${encodeURIComponent(channel)}/${encodeURIComponent(g.videoUid)}${open}`
    : `/recent/${encodeURIComponent(g.videoUid)}${open}`;
  const memeText = [g.memeTopText, g.memeBottomText].filter(Boolean).join(' … ');
  // As the page's link preview names it (sharing.service.ts `preview`).
  const shareTitle = memeText || video.data?.title || t('gif.title');
  return (
    <main className="gif-page" data-testid="gif-page">
      <h1 className="gif-page__title">{memeText || t('gif.title')}</h1>
      {g.result === 'Success' && g.url && g.staticUrl ? (
        <>
          <img className="gif-page__image" src={g.url} alt={t('gif.title')} data-testid="gif-image" />
          <div className="gif-page__actions">
            <Link className="button button--primary" to={watchHref} data-testid="gif-watch">
              {t('gif.watch')}
            </Link>
            <a className="button" href={g.url} download={`${g._id}.gif`}>
              {t('gif.download')}
            </a>
            <a className="button" href={g.staticUrl} target="_blank" rel="noopener">
              {t('gif.still')}
            </a>
            {actions?.(g)}
          </div>
          {share ? (
            <section className="gif-page__share" aria-label={t('gif.share')} data-testid="gif-share">
              <h2 className="gif-page__share-heading">{t('gif.share')}</h2>
              {share(g, { title: shareTitle, channelId: channel ?? null })}
            </section>
          ) : null}
        </>
      ) : g.result === 'Error' ? (
        <p role="alert">{t('gif.failed')}</p>
      ) : (
        <p role="status" data-testid="gif-processing">
          {t('gif.processing')} <progress aria-label={t('gif.processing')} />
        </p>
      )}
    </main>
  );
}
