import { describe, expect, it } from 'vitest';
import { pageOffset, toPage } from './paging';

describe('paging', () => {
  it('is zero-based with next and previous pages', () => {
    expect(toPage(['a'], 0, 30, 61)).toMatchObject({
      current_page: 0,
      next_page: 1,
      prev_page: null,
      total_pages: 3,
    });
    expect(toPage([], 2, 30, 61)).toMatchObject({ next_page: null, prev_page: 1 });
    expect(toPage([], 0, 20, 0)).toMatchObject({ total_pages: 0, next_page: null });
  });
  it('offsets by page times size', () => {
    expect(pageOffset(0, 30)).toBe(0);
    expect(pageOffset(3, 20)).toBe(60);
  });
});
