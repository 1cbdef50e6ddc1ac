import type { PermName } from '@marquee/domain';
import type { Site } from './sites.repository';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';

/**
 * The path's site checked against the viewer, for every `/v2/…/sites/{site}/` call on the viewer's
 * own things (progress, watch list, favorites, library, devices): 403 `wrongSite` for another site
 * than the account's, and 403 `{perm}Disabled` when the site switches the feature off by its
 * permission flag. Returns the site's uid.
 */
export function ownSite(site: Site, user: AuthUser, perm?: PermName): string {
  if (site.uid !== user.siteUid)
    throw new AppError(403, 'wrongSite', 'This account belongs to another site', 'site');
  if (perm && !site.perms[perm])
    throw new AppError(403, `${perm}Disabled`, 'This feature is not available on this site');
  return site.uid;
}
