import { resolvePerms, type PermName } from '@marquee/domain';
import type { SitesService } from '../sites';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';

/**
 * The path's site, checked against the viewer: 404 for an unknown site, 403 `wrongSite` for
 * another site than the account's (as history-progress), and 403 `{perm}Disabled` when the site
 * switches the feature off by its permission flag.
 */
export async function ownSite(
  sites: Pick<SitesService, 'get'>,
  user: AuthUser,
  siteParam: string,
  perm?: PermName,
): Promise<string> {
  const site = await sites.get(siteParam);
  if (site.uid !== user.siteUid)
    throw new AppError(403, 'wrongSite', 'This account belongs to another site', 'site');
  if (perm && !resolvePerms(JSON.parse(site.perms) as Record<string, unknown>)[perm])
    throw new AppError(403, `${perm}Disabled`, 'This feature is not available on this site');
  return site.uid;
}
