import type { DiscoverRow as Row } from '@marquee/contract';
import { cardKind, rowDetails } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { useRowItems } from '../api/use-row-items';
import { channelDetailsHref } from '../utils/links';
import { ContentCard, type CardVideo } from './content-card';
import { ThumbRow } from './thumb-row';

interface RowProps {
  row: Row;
  index: number;
  modernTheme: boolean;
}

const itemKey = (item: CardVideo, i: number) => `${item.uid}-${i}`;
const rowChannel = (row: Row) => (row.source?.kind === 'channel' ? row.source.id : null);
/** Rows whose list mixes item types get the all/mixed card kind. */
const isMixed = (row: Row) => row.type === 'playlist' || !!row.href?.endsWith('/all');

function moreHref(row: Row) {
  const details = rowDetails(row);
  return details ? channelDetailsHref(details) : null;
}

/** A catalog row (channel, playlist, dynamic): its items page by page (30 a page). */
export function DiscoverRow({ row, index, modernTheme }: RowProps) {
  const { items, hasMore, loading, loadMore } = useRowItems(row);
  return (
    <ThumbRow
      title={row.title}
      rowId={row.id}
      rowType={row.type}
      moreHref={moreHref(row)}
      modernTheme={modernTheme}
      items={items}
      itemKey={itemKey}
      hasMore={hasMore}
      loading={loading}
      loadMore={() => void loadMore()}
      renderItem={(item, i) => (
        <ContentCard
          item={item}
          kind={cardKind(item, { mixed: isMixed(row) })}
          layout={row.layout}
          rowChannelId={rowChannel(row)}
          eager={index < 2 && i < 4}
        />
      )}
    />
  );
}

/** The viewer's own row (watch list, continue watching), once its call answered with something to show. */
export function PerUserRow({ row, modernTheme, items }: RowProps & { items: CardVideo[] }) {
  const { t } = useTranslation('discover');
  return (
    <ThumbRow
      title={row.title}
      rowId={row.id}
      rowType={row.type}
      moreHref={moreHref(row)}
      modernTheme={modernTheme}
      items={items}
      itemKey={itemKey}
      noData={t('noData')}
      renderItem={(item) => (
        <ContentCard
          item={item}
          kind={cardKind(item, { row: row.type === 'watchList' ? 'watchList' : undefined })}
          layout={row.layout}
          playFirst={row.type === 'continueWatching'}
        />
      )}
    />
  );
}
