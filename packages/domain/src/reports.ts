/**
 * Viewers' reports of what other viewers publish (issue 16 Must-have 11; decision 0054): a moment
 * or a gif, for one reason from a short fixed list, with an optional note.
 */
export const REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What can be reported. */
export const REPORT_KINDS = ['moment', 'gif'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A report's note is at most this long. */
export const REPORT_NOTE_MAX = 500;
