import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { Menu } from '../../features/menu';

/** /tvn/{type}/menu. */
export function MenuRoute() {
  const { type = 'generic' } = useParams();
  return (
    <Menu discoverHref={paths.discover.getHref(type)} liveHref={(id) => paths.playLive.getHref(type, id)} />
  );
}
