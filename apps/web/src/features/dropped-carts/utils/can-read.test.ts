import { describe, expect, it } from 'vitest';
import { canReadDroppedCarts } from './can-read';

describe('who sees dropped carts (decision 0060)', () => {
  it('admins do; staff, support and viewers do not', () => {
    expect(canReadDroppedCarts(['admin'])).toBe(true);
    expect(canReadDroppedCarts(['staff'])).toBe(false);
    expect(canReadDroppedCarts(['support'])).toBe(false);
    expect(canReadDroppedCarts([])).toBe(false);
    expect(canReadDroppedCarts(undefined)).toBe(false);
  });
});
