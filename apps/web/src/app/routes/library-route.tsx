import type { LibraryType } from '@marquee/contract';
import { cardKind, seriesAsCard } from '@marquee/domain';
import { useSearchParams } from 'react-router';
import { ContentCard } from '../../features/discover';
import { LibraryView } from '../../features/library';
import { useSession } from '@marquee/api-client/react';
import { RequireLogin } from '../../lib/session';

/** `/library` and `/library/{label}` (main.library): login required (odrc=library); ?tab=series. Lazy. */
export default function LibraryRoute() {
  return (
    <RequireLogin intent="library">
      <Library />
    </RequireLogin>
  );
}

function Library() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const type: LibraryType = params.get('tab') === 'series' ? 'series' : 'movies';
  if (!user) return null;
  return (
    <LibraryView
      userId={user.id}
      type={type}
      onTypeChange={(next) =>
        setParams(
          (prev) => {
            const qs = new URLSearchParams(prev);
            if (next === 'series') qs.set('tab', 'series');
            else qs.delete('tab');
            return qs;
          },
          { replace: true },
        )
      }
      subscribeHref="/subscribe"
      renderItem={(item, i) => {
        // A series is shown as a series card (the Video shape with type series), as in mixed rows.
        const card = 'type' in item ? item : seriesAsCard(item);
        return <ContentCard item={card} kind={cardKind(card)} eager={i < 4} />;
      }}
    />
  );
}
