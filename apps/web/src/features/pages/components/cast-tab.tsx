import { useTranslation } from 'react-i18next';
import { useMovie, useTabAsset } from '../api/use-tab-asset';
import { str } from '../utils/tab-config';
import { AssetState } from './asset-state';

/** A cast tab: the cast, directors and creators of the movie it names. */
export function CastTab({ tabId }: { tabId: string }) {
  const asset = useTabAsset(tabId, 'cast');
  return (
    <AssetState query={asset}>{(a) => <CastList title={a.title} uid={str(a.config.videoUid)} />}</AssetState>
  );
}

function CastList({ title, uid }: { title: string; uid: string }) {
  const { t } = useTranslation('pages');
  const movie = useMovie(uid);
  const groups = [
    { key: 'cast', label: t('cast'), names: movie.data?.movieData?.cast ?? [] },
    { key: 'directors', label: t('directors'), names: movie.data?.movieData?.directors ?? [] },
    { key: 'creators', label: t('creators'), names: movie.data?.movieData?.creators ?? [] },
  ].filter((g) => g.names.length > 0);
  return (
    <article className="tab-screen cast-tab" data-testid="cast-tab">
      <h1>{title}</h1>
      {uid ? (
        <AssetState query={movie}>
          {(m) => (
            <>
              <h2 className="cast-tab__movie">{m.title}</h2>
              {groups.length === 0 ? <p>{t('noCast')}</p> : null}
              {groups.map((g) => (
                <section key={g.key}>
                  <h3>{g.label}</h3>
                  <ul className="cast-tab__names">
                    {g.names.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                </section>
              ))}
            </>
          )}
        </AssetState>
      ) : (
        <p>{t('noCast')}</p>
      )}
    </article>
  );
}
