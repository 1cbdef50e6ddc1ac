import { randomBytes } from 'node:crypto';
import type {
  CreateReportBody,
  Gif,
  Moment,
  ModerationResult,
  Report,
  ReportedItem,
  ReportedItemPage,
  ReportsQuery,
} from '@marquee/contract';
import { pageOffset, REPORT_REASONS, toPage, type ReportKind, type ReportReason } from '@marquee/domain';
import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, notFound, rateLimited } from '../../plugins/errors';
import type { RolesService } from '../roles';
import { ownSite, type Site } from '../sites';
import type { ReportsRepository } from './reports.repository';

export type ReportsService = ReturnType<typeof createReportsService>;

/** An item as staff review it: its video, whether it is hidden, and the item itself. */
export type Reviewable<T> = { videoUid: string; hiddenAt: string | null; item: T };

/** What the moments and gifs modules lend moderation: their items by id (hidden too), and hiding. */
export type ItemSource<T> = {
  reviewable: (siteUid: string, ids: string[]) => Promise<Map<string, Reviewable<T>>>;
  setHidden: (siteUid: string, id: string, at: string | null) => Promise<boolean>;
};

/** A viewer files at most 20 reports an hour (ours: enough for a bad evening, not for a flood). */
export const REPORT_CREATE_LIMIT: RateRule = { limit: 20, windowMs: 3600_000 };
/** The review list shows this many newest notes per item. */
const NOTES_SHOWN = 5;
/** The notes read for a page of the review list, newest first, across its items. */
const NOTES_READ = 500;

export function createReportsService(deps: {
  repo: ReportsRepository;
  roles: Pick<RolesService, 'require'>;
  limiter: RateLimiter;
  moments: ItemSource<Moment>;
  gifs: ItemSource<Gif>;
  now: () => number;
}) {
  const { repo, limiter, now } = deps;
  const source = (kind: ReportKind): ItemSource<Moment | Gif> =>
    kind === 'moment' ? deps.moments : deps.gifs;
  const iso = () => new Date(now()).toISOString();
  const what = (kind: ReportKind, id: string) => `${kind === 'moment' ? 'Moment' : 'Gif'} '${id}'`;

  /** Staff, support and admin of the site (permission content.moderate); 403 for others. */
  async function moderator(site: Site, user: AuthUser): Promise<void> {
    ownSite(site, user);
    await deps.roles.require(
      user,
      site.uid,
      'content.moderate',
      'Only staff, support and admin may moderate',
    );
  }

  return {
    /** A signed-in viewer reports a shown moment or gif of their site, once. */
    async report(site: Site, user: AuthUser, body: CreateReportBody): Promise<Report> {
      ownSite(site, user);
      const found = (await source(body.kind).reviewable(site.uid, [body.itemId])).get(body.itemId);
      if (!found || found.hiddenAt !== null) throw notFound(what(body.kind, body.itemId));
      const rate = await limiter.hit(`report:user:${user.id}`, REPORT_CREATE_LIMIT);
      if (!rate.allowed)
        throw rateLimited(rate.retryAfterMs, 'You have sent many reports lately. Please wait a little');
      const row = {
        id: `r_${randomBytes(8).toString('hex')}`,
        site_uid: site.uid,
        item_kind: body.kind,
        item_id: body.itemId,
        user_id: user.id,
        reason: body.reason,
        note: body.note || null,
        status: 'open',
        created_at: iso(),
        closed_at: null,
        closed_by: null,
      };
      if (!(await repo.insert(row)))
        throw new AppError(409, 'alreadyReported', 'You have already reported this', 'itemId');
      return {
        _id: row.id,
        kind: body.kind,
        itemId: row.item_id,
        reason: body.reason,
        note: row.note,
        createdAt: row.created_at,
      };
    },

    /** The site's reported items with open reports, the most recently reported first. */
    async list(site: Site, user: AuthUser, query: ReportsQuery): Promise<ReportedItemPage> {
      await moderator(site, user);
      const { page, pageSize } = query;
      const [groups, total] = await Promise.all([
        repo.openItems(site.uid, pageOffset(page, pageSize), pageSize),
        repo.countOpenItems(site.uid),
      ]);
      const ids = (kind: ReportKind) => groups.filter((g) => g.item_kind === kind).map((g) => g.item_id);
      const itemIds = groups.map((g) => g.item_id);
      const [moments, gifs, counts, notes] = await Promise.all([
        deps.moments.reviewable(site.uid, ids('moment')),
        deps.gifs.reviewable(site.uid, ids('gif')),
        repo.reasonCounts(site.uid, itemIds),
        // A bounded read (a flooded item can never make the page heavy), then 5 per item.
        repo.notes(site.uid, itemIds, NOTES_READ),
      ]);
      const items = groups.map((g): ReportedItem => {
        const kind = g.item_kind as ReportKind;
        const mine = <T extends { item_kind: string; item_id: string }>(rows: T[]) =>
          rows.filter((r) => r.item_kind === kind && r.item_id === g.item_id);
        const reasons = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
        for (const r of mine(counts))
          if (r.reason in reasons) reasons[r.reason as ReportReason] = Number(r.n);
        const found = kind === 'moment' ? moments.get(g.item_id) : gifs.get(g.item_id);
        return {
          kind,
          itemId: g.item_id,
          videoUid: found?.videoUid ?? null,
          count: Number(g.n),
          reasons,
          notes: mine(notes)
            .flatMap((r) => (r.note ? [r.note] : []))
            .slice(0, NOTES_SHOWN),
          latestAt: String(g.latest_at),
          hiddenAt: found?.hiddenAt ?? null,
          moment: kind === 'moment' ? ((found?.item as Moment | undefined) ?? null) : null,
          gif: kind === 'gif' ? ((found?.item as Gif | undefined) ?? null) : null,
        };
      });
      return toPage(items, page, pageSize, total);
    },

    /** Hides the item for everyone (staff still see it here) and closes its open reports. */
    async hide(site: Site, user: AuthUser, kind: ReportKind, itemId: string): Promise<ModerationResult> {
      await moderator(site, user);
      const at = iso();
      if (!(await source(kind).setHidden(site.uid, itemId, at))) throw notFound(what(kind, itemId));
      const closed = await repo.close(site.uid, kind, itemId, { status: 'hidden', by: user.id, at });
      return { kind, itemId, hiddenAt: at, closed };
    },

    /** Shows a hidden item again (its closed reports stay closed); 409 when it is not hidden. */
    async unhide(site: Site, user: AuthUser, kind: ReportKind, itemId: string): Promise<ModerationResult> {
      await moderator(site, user);
      const found = (await source(kind).reviewable(site.uid, [itemId])).get(itemId);
      if (!found) throw notFound(what(kind, itemId));
      if (found.hiddenAt === null) throw new AppError(409, 'notHidden', 'This item is not hidden', 'itemId');
      await source(kind).setHidden(site.uid, itemId, null);
      return { kind, itemId, hiddenAt: null, closed: 0 };
    },

    /** Closes the item's open reports and leaves it shown; 404 when it has none. */
    async dismiss(site: Site, user: AuthUser, kind: ReportKind, itemId: string): Promise<ModerationResult> {
      await moderator(site, user);
      const found = (await source(kind).reviewable(site.uid, [itemId])).get(itemId);
      const closed = await repo.close(site.uid, kind, itemId, {
        status: 'dismissed',
        by: user.id,
        at: iso(),
      });
      if (closed === 0) throw notFound(`Open reports of ${what(kind, itemId)}`);
      return { kind, itemId, hiddenAt: found?.hiddenAt ?? null, closed };
    },
  };
}
