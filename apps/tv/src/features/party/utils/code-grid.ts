import { PARTY_CODE_ALPHABET, PARTY_CODE_LENGTH } from '@marquee/domain';

/** The on-screen keys a remote types a party code with: the code's alphabet, then Delete. */
export const DELETE_KEY = 'DEL';
export const CODE_GRID_KEYS: readonly string[] = [...PARTY_CODE_ALPHABET, DELETE_KEY];
/** 32 keys: four rows of 8, Delete last. */
export const CODE_GRID_COLUMNS = 8;

export type GridMove = 'up' | 'down' | 'left' | 'right';

/** The key the cursor moves to; it stops at the edges (a remote viewer never wraps unawares). */
export function moveCursor(cursor: number, move: GridMove, count = CODE_GRID_KEYS.length): number {
  const cols = CODE_GRID_COLUMNS;
  const row = Math.floor(cursor / cols);
  const col = cursor % cols;
  switch (move) {
    case 'left':
      return col > 0 ? cursor - 1 : cursor;
    case 'right':
      return col < cols - 1 && cursor + 1 < count ? cursor + 1 : cursor;
    case 'up':
      return row > 0 ? cursor - cols : cursor;
    case 'down':
      // Down from above a short last row lands on its last key.
      return cursor + cols < count
        ? cursor + cols
        : row < Math.floor((count - 1) / cols)
          ? count - 1
          : cursor;
  }
}

/** The code after typing `ch` (upper-cased; ignored when not in the alphabet or the code is full). */
export function typeCodeChar(code: string, ch: string): string {
  const c = ch.toUpperCase();
  if (c.length !== 1 || !PARTY_CODE_ALPHABET.includes(c) || code.length >= PARTY_CODE_LENGTH) return code;
  return code + c;
}

/** The code after pressing a grid key (a character, or Delete). */
export function pressGridKey(code: string, key: string): string {
  return key === DELETE_KEY ? code.slice(0, -1) : typeCodeChar(code, key);
}

/** Complete: the lookup runs as soon as the last character is typed. */
export const isCodeComplete = (code: string) => code.length === PARTY_CODE_LENGTH;
