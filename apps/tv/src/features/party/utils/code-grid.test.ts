import { PARTY_CODE_ALPHABET } from '@marquee/domain';
import { describe, expect, it } from 'vitest';
import * as grid from './code-grid';

const {
  CODE_GRID_COLUMNS,
  CODE_GRID_KEYS,
  DELETE_KEY,
  isCodeComplete,
  moveCursor,
  pressGridKey,
  typeCodeChar,
} = grid;

describe('party code grid', () => {
  it('holds the code alphabet and Delete, in rows of 8', () => {
    expect(CODE_GRID_KEYS.join('')).toBe(`${PARTY_CODE_ALPHABET}${DELETE_KEY}`);
    expect(CODE_GRID_KEYS).toHaveLength(32);
    expect(CODE_GRID_COLUMNS).toBe(8);
  });

  it('moves with the arrows and stops at the edges', () => {
    expect(moveCursor(0, 'left')).toBe(0);
    expect(moveCursor(0, 'up')).toBe(0);
    expect(moveCursor(0, 'right')).toBe(1);
    expect(moveCursor(0, 'down')).toBe(8);
    expect(moveCursor(7, 'right')).toBe(7);
    expect(moveCursor(8, 'left')).toBe(7 + 1); // first of its row: stays
    expect(moveCursor(9, 'left')).toBe(8);
    expect(moveCursor(31, 'right')).toBe(31);
    expect(moveCursor(31, 'down')).toBe(31);
    expect(moveCursor(31, 'up')).toBe(23);
  });

  it('goes down from above a short last row to its last key', () => {
    // With 30 keys, row 3 holds 24..29.
    expect(moveCursor(23, 'down', 30)).toBe(29);
    expect(moveCursor(15, 'down', 30)).toBe(23);
    expect(moveCursor(29, 'right', 30)).toBe(29);
  });

  it('types the alphabet only, upper-cased, at most 6 characters', () => {
    expect(typeCodeChar('', 'a')).toBe('A');
    expect(typeCodeChar('A', '0')).toBe('A');
    expect(typeCodeChar('A', 'O')).toBe('A');
    expect(typeCodeChar('A', 'l')).toBe('A');
    expect(typeCodeChar('A', 'ab')).toBe('A');
    expect(typeCodeChar('ABCDEF', 'G')).toBe('ABCDEF');
    expect(isCodeComplete('ABCDE')).toBe(false);
    expect(isCodeComplete('ABCDEF')).toBe(true);
  });

  it('presses keys: characters type, Delete removes the last', () => {
    expect(pressGridKey('AB', '7')).toBe('AB7');
    expect(pressGridKey('AB', DELETE_KEY)).toBe('A');
    expect(pressGridKey('', DELETE_KEY)).toBe('');
  });
});
