import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager';
import type { ReportedItem } from '@marquee/contract';
import { REPORT_REASONS } from '@marquee/domain';
import { showToast } from '../../../lib/toast';
import { useModerate, useReportedItems } from '../api/use-moderation';
import { canModerate } from '../utils/report-outcome';
import './moderation.css';

/**
 * The staff review page (decision 0054): the site's reported moments and gifs, the most recently
 * reported first, each with its reasons counted and the newest notes, and Hide or Dismiss.
 */
export function ModerationView({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('moderation');
  const allowed = canModerate(roles);
  const [page, setPage] = useState(0);
  const items = useReportedItems(page, allowed);
  const moderate = useModerate();
  if (!allowed)
    return (
      <p role="alert" data-testid="moderation-forbidden">
        {t('notAllowed')}
      </p>
    );
  if (items.isPending) return <p role="status">{t('loading')}</p>;
  if (items.isError) return <p role="alert">{t('error')}</p>;
  const act = (item: ReportedItem, action: 'hide' | 'dismiss') =>
    moderate.mutate(
      { item, action },
      { onSuccess: () => showToast(t(action === 'hide' ? 'hidden' : 'dismissed'), 'success') },
    );
  const data = items.data;
  return (
    <section className="moderation" data-testid="moderation">
      {data.items.length === 0 ? (
        <p data-testid="moderation-empty">{t('empty')}</p>
      ) : (
        <ol className="moderation__list">
          {data.items.map((item) => (
            <li key={`${item.kind}:${item.itemId}`} className="moderation__item" data-testid="reported-item">
              <strong>
                {t(`kinds.${item.kind}`)} · {t('count', { count: item.count })}
              </strong>
              <ItemPreview item={item} />
              <p>
                {REPORT_REASONS.filter((r) => item.reasons[r] > 0)
                  .map((r) => `${t(`reasons.${r}`)} ×${item.reasons[r]}`)
                  .join(', ')}
              </p>
              {item.notes.length > 0 ? (
                <ul>
                  {item.notes.map((note, i) => (
                    <li key={i}>“{note}”</li>
                  ))}
                </ul>
              ) : null}
              <div className="moderation__actions">
                <button
                  type="button"
                  className="button"
                  disabled={moderate.isPending}
                  onClick={() => act(item, 'dismiss')}
                  data-testid="moderation-dismiss"
                >
                  {t('dismiss')}
                </button>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={moderate.isPending}
                  onClick={() => act(item, 'hide')}
                  data-testid="moderation-hide"
                >
                  {t('hide')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={page}
        data={data}
        onPage={setPage}
        labels={{ previous: t('previous'), next: t('next') }}
        className="moderation__pages"
      />
    </section>
  );
}

function ItemPreview({ item }: { item: ReportedItem }) {
  const { t } = useTranslation('moderation');
  if (item.moment) return <blockquote data-testid="reported-moment">{item.moment.tag}</blockquote>;
  if (item.gif)
    return (
      <div>
        {item.gif.staticUrl ? <img className="moderation__preview" src={item.gif.staticUrl} alt="" /> : null}
        <p>{[item.gif.memeTopText, item.gif.memeBottomText].filter(Boolean).join(' … ')}</p>
      </div>
    );
  return <p>{t('missing')}</p>;
}
