import { updateLastViewed } from '@marquee/domain';
import { useCallback, useState } from 'react';
import { siteUid } from '../../../lib/api';
import { readLastViewed, recordLastViewed } from '../utils/last-viewed-store';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The viewer's last-viewed channels on this device (most recent first) and a way to add one. */
export function useLastViewed(): { ids: string[]; record: (channelId: string) => void } {
  const [ids, setIds] = useState(() => readLastViewed(storage(), siteUid));
  const record = useCallback((channelId: string) => {
    const stored = recordLastViewed(storage(), siteUid, channelId);
    // When storage is unavailable, still remember it for this page.
    setIds((current) => (stored[0] === channelId ? stored : updateLastViewed(current, channelId)));
  }, []);
  return { ids, record };
}
