import { REPORT_KINDS, REPORT_NOTE_MAX, REPORT_REASONS } from '@marquee/domain';
import { z } from 'zod';
import { pagingQuery, paginated } from './common';
import { Gif } from './gifs';
import { Moment } from './moments';

/**
 * Reports of what viewers publish, and staff moderation (issue 16 Must-have 11; decision 0054):
 * a viewer reports a moment or a gif once; staff see the open reports grouped per item and hide
 * the item (gone for everyone) or dismiss the reports.
 */

const ItemId = z.string().regex(/^[mg]_[0-9a-f]{16}$/, 'must be a moment or gif id');
const kind = z.enum(REPORT_KINDS, { message: `kind must be one of ${REPORT_KINDS.join(', ')}` });

/** POST /v2/sites/{site}/reports {kind, itemId, reason, note?}. */
export const CreateReportBody = z.object({
  kind,
  itemId: ItemId,
  reason: z.enum(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: z
    .string({ message: 'note must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `A note is at most ${REPORT_NOTE_MAX} characters`)
    .optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

export const Report = z
  .object({
    _id: z.string(),
    kind,
    itemId: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

/** One reported item with its open reports counted (the staff review list). */
export const ReportedItem = z
  .object({
    kind,
    itemId: z.string(),
    videoUid: z.string().nullable(),
    /** Open reports of the item. */
    count: z.number().int(),
    reasons: z.object({
      spam: z.number().int(),
      abuse: z.number().int(),
      spoiler: z.number().int(),
      other: z.number().int(),
    }),
    /** The newest notes, up to 5. */
    notes: z.array(z.string()),
    latestAt: z.string(),
    hiddenAt: z.string().nullable(),
    /** The item itself (staff see it even when hidden); null when it is gone. */
    moment: Moment.nullable(),
    gif: Gif.nullable(),
  })
  .meta({ id: 'ReportedItem' });
export type ReportedItem = z.infer<typeof ReportedItem>;

export const ReportsQuery = pagingQuery(20, 50);
export type ReportsQuery = z.infer<typeof ReportsQuery>;
export const ReportedItemPage = paginated(ReportedItem);
export type ReportedItemPage = z.infer<typeof ReportedItemPage>;

export const ModerationItemParams = z.object({ site: z.string().min(1).max(64), kind, itemId: ItemId });
export type ModerationItemParams = z.infer<typeof ModerationItemParams>;

/** What a hide, unhide or dismiss did: the item's state and how many open reports it closed. */
export const ModerationResult = z.object({
  kind,
  itemId: z.string(),
  hiddenAt: z.string().nullable(),
  closed: z.number().int(),
});
export type ModerationResult = z.infer<typeof ModerationResult>;
