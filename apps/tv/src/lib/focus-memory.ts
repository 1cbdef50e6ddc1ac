/**
 * Where the focus was on each screen the viewer visited, by history entry (react-router's
 * `location.key`), so Back lands on the item the viewer left. A fresh visit of the same screen is a
 * new entry and starts at the screen's default. Only explicit focus keys are kept: spatial
 * navigation's generated ones (`sn:…`) change on every mount.
 */
export interface FocusMemory {
  remember(entry: string, focusKey: string): void;
  recall(entry: string): string | undefined;
}

/** Holds the newest `limit` entries (a TV session can visit many screens). */
export function createFocusMemory(limit = 50): FocusMemory {
  const entries = new Map<string, string>();
  return {
    remember(entry, focusKey) {
      if (!focusKey || focusKey.startsWith('sn:')) return;
      entries.delete(entry);
      entries.set(entry, focusKey);
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
    recall: (entry) => entries.get(entry),
  };
}

/** A card of a row: `card-{rowId}-{index}` (the discover grid's focus keys). */
export const cardFocusKey = (rowId: string, index: number) => `card-${rowId}-${index}`;

/** The row and index a card's focus key names; undefined for any other key. */
export function parseCardFocusKey(key: string | undefined): { rowId: string; index: number } | undefined {
  const card = key ? /^card-(.+)-(\d+)$/.exec(key) : null;
  return card ? { rowId: card[1]!, index: Number(card[2]) } : undefined;
}

/**
 * The keys to try, best first, for a remembered focus key: itself, and for a card whose row has
 * since shrunk (a Continue Watching item finished) the cards before it in the same row.
 */
export function restoreCandidates(saved: string): string[] {
  const card = parseCardFocusKey(saved);
  if (!card) return [saved];
  return Array.from({ length: card.index + 1 }, (_, i) => cardFocusKey(card.rowId, card.index - i));
}

/**
 * The key to focus on arriving at a screen: the remembered one (or a stand-in for it) when it is
 * on screen, else the screen's default (null: the screen has none yet).
 */
export function restoreTarget(
  saved: string | undefined,
  fallback: string | null,
  exists: (focusKey: string) => boolean,
): string | null {
  const found = saved ? restoreCandidates(saved).find(exists) : undefined;
  return found ?? fallback;
}
