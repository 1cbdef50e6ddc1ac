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

/**
 * The keys to try, best first, for a remembered focus key: itself, and for a card whose row has
 * since shrunk (a Continue Watching item finished) the cards before it in the same row.
 */
export function restoreCandidates(saved: string): string[] {
  const card = /^card-(.+)-(\d+)$/.exec(saved);
  if (!card) return [saved];
  const [, rowId, index] = card;
  return Array.from({ length: Number(index) + 1 }, (_, i) => cardFocusKey(rowId!, Number(index) - i));
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
