import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDuration } from '@marquee/domain';
import { useGif, useGifs } from '../api/use-gifs';
import './gifs.css';

/**
 * The watch screen's Gifs tab (§2.3): the video's gifs as stills linking to their pages, the one a
 * shared link opened (`?gif=`, with `t=` its start, so the video is there too) playing on top,
 * and "Make a gif" from where the viewer is.
 */
export function GifsPanel({
  videoUid,
  openGifId,
  createHref,
}: {
  videoUid: string;
  /** The gif a `?gif=` link names, shown animated first. */
  openGifId: string | null;
  /** The create page for the current position (asked when clicked). */
  createHref: () => string;
}) {
  const { t } = useTranslation('gifs');
  const navigate = useNavigate();
  const gifs = useGifs(videoUid);
  const opened = useGif(openGifId);
  const shared = opened.data?.videoUid === videoUid && opened.data.url ? opened.data : null;

  return (
    <div className="gifs-panel" data-testid="gifs-panel">
      <button
        type="button"
        className="button button--primary gifs-panel__make"
        // The position is read when clicked, not when the tab rendered.
        onClick={() => void navigate(createHref())}
        data-testid="gifs-make"
      >
        {t('panel.make')}
      </button>
      {shared ? (
        <figure className="gifs-panel__shared" data-testid="gifs-shared">
          <img src={shared.url!} alt={t('panel.fromLink')} />
          <figcaption>{t('panel.fromLink')}</figcaption>
        </figure>
      ) : null}
      {gifs.isPending ? (
        <p role="status">{t('panel.loading')}</p>
      ) : gifs.isError ? (
        <p role="alert">{t('panel.error')}</p>
      ) : gifs.data.items.length === 0 ? (
        <p className="gifs-panel__empty" data-testid="gifs-empty">
          {t('panel.empty')}
        </p>
      ) : (
        <ul className="gifs-panel__grid">
          {gifs.data.items.map((gif) => (
            <li key={gif._id}>
              <Link
                to={`/gif/${encodeURIComponent(gif._id)}`}
                className="gifs-panel__item"
                aria-label={t('panel.open', { time: formatDuration(gif.startTime) || '0:00' })}
                data-testid="gifs-item"
              >
                <img src={gif.staticUrl ?? ''} alt="" loading="lazy" width={160} height={90} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
