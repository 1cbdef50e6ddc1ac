import { useTranslation } from 'react-i18next';
import { useTabAsset } from '../api/use-tab-asset';
import { faqItems } from '../utils/tab-config';
import { AssetState } from './asset-state';

/** A FAQ tab: each question opens its answer. */
export function FaqTab({ tabId }: { tabId: string }) {
  const { t } = useTranslation('pages');
  const asset = useTabAsset(tabId, 'faq');
  return (
    <AssetState query={asset}>
      {(a) => {
        const items = faqItems(a.config);
        return (
          <article className="tab-screen faq-tab" data-testid="faq-tab">
            <h1>{a.title || t('faq')}</h1>
            {items.length === 0 ? <p>{t('noQuestions')}</p> : null}
            {items.map((item) => (
              <details key={item.question} className="faq-tab__item">
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </article>
        );
      }}
    </AssetState>
  );
}
