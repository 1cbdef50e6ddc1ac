import { formatMoney } from '@marquee/domain';

/** A date in the UI language, or '' for none. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** Cents as the viewer sees them ($7.99; decision 0029). */
export const money = (cents: number | null | undefined): string => formatMoney(cents ?? 0);
