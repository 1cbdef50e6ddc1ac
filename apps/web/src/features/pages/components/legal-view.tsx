import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useExternalText } from '../api/use-tab-asset';
import { paragraphs } from '../utils/tab-config';
import { AssetState } from './asset-state';

export type LegalDoc = 'terms' | 'privacy';

/** The legal page: a toggle between the terms and the privacy policy (§2.1). */
export function LegalView({ doc, hrefFor }: { doc: LegalDoc; hrefFor: (doc: LegalDoc) => string }) {
  const { t, i18n } = useTranslation('pages');
  const legal = useExternalText(doc);
  return (
    <article className="tab-screen legal-view" data-testid="legal">
      <h1>{t('legal')}</h1>
      <nav className="legal-view__toggle" aria-label={t('legal')}>
        {(['terms', 'privacy'] as const).map((d) => (
          <NavLink
            key={d}
            to={hrefFor(d)}
            end
            data-testid={`legal-${d}`}
            aria-current={d === doc ? 'page' : undefined}
          >
            {t(d)}
          </NavLink>
        ))}
      </nav>
      <AssetState query={legal}>
        {(external) => {
          const body = paragraphs(external.text);
          return (
            <section data-testid={`legal-text-${doc}`}>
              <h2>{t(doc)}</h2>
              {external.updatedAt ? (
                <p className="legal-view__updated">
                  {t('updated', { date: new Date(external.updatedAt).toLocaleDateString(i18n.language) })}
                </p>
              ) : null}
              {body.length === 0 ? <p>{t('noText')}</p> : body.map((p, i) => <p key={i}>{p}</p>)}
            </section>
          );
        }}
      </AssetState>
    </article>
  );
}
