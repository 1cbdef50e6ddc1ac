import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMovie, useTabAsset } from '../api/use-tab-asset';
import { str } from '../utils/tab-config';
import { AssetState } from './asset-state';

/** A home-movie tab: one movie, large, with its poster or background and a way in. */
export function HomeMovieTab({ tabId }: { tabId: string }) {
  const asset = useTabAsset(tabId, 'home-movie');
  return <AssetState query={asset}>{(a) => <FeaturedMovie uid={str(a.config.videoUid)} />}</AssetState>;
}

function FeaturedMovie({ uid }: { uid: string }) {
  const { t } = useTranslation('pages');
  const movie = useMovie(uid);
  if (!uid) return <p className="tab-screen">{t('noText')}</p>;
  return (
    <AssetState query={movie}>
      {(m) => {
        const background = m.movieData?.background ?? m.movieData?.poster ?? null;
        const channel = m.metadata.channel ?? null;
        return (
          <article
            className="tab-screen home-movie-tab"
            data-testid="home-movie-tab"
            style={background ? { backgroundImage: `url(${background})` } : undefined}
          >
            <div className="home-movie-tab__body">
              <h1>{m.title}</h1>
              {m.movieData?.genres.length ? (
                <p className="home-movie-tab__genres">{m.movieData.genres.join(' · ')}</p>
              ) : null}
              <p>{m.description}</p>
              <div className="home-movie-tab__actions">
                {channel ? (
                  <Link className="button" to={paths.watch.getHref(channel, m.uid)}>
                    {t('watchNow')}
                  </Link>
                ) : null}
                <Link className="button button--ghost" to={paths.movie.getHref(m.uid, { channel })}>
                  {t('moreInfo')}
                </Link>
              </div>
            </div>
          </article>
        );
      }}
    </AssetState>
  );
}
