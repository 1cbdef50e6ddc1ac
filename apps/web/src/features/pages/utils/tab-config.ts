/** Readers of a tab's free-form config: an operator's typo gives an empty value, not a crash. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const list = <T>(v: unknown, pick: (x: Record<string, unknown>) => T | null): T[] =>
  Array.isArray(v)
    ? v
        .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
        .map(pick)
        .filter((x): x is T => x !== null)
    : [];

/** FAQ items: { question, answer } with both present. */
export function faqItems(config: Record<string, unknown>): { question: string; answer: string }[] {
  return list(config.items, (x) =>
    str(x.question) && str(x.answer) ? { question: str(x.question), answer: str(x.answer) } : null,
  );
}

/** Plain text split into paragraphs at blank lines (terms, privacy). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
