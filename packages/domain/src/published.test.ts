import { describe, expect, it } from 'vitest';
import { publishedLabel } from './published';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('publishedLabel (D§9 time-ago, exactPublishedDate)', () => {
  it('gives the exact date when the site sets exactPublishedDate', () => {
    expect(publishedLabel('2026-11-24T12:00:00Z', NOW, true)).toEqual({
      kind: 'exact',
      at: Date.parse('2026-11-24T12:00:00Z'),
    });
  });

  it('gives the largest whole unit otherwise', () => {
    expect(publishedLabel('2026-11-24T11:00:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 3,
      unit: 'day',
    });
    expect(publishedLabel('2026-11-27T09:30:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 2,
      unit: 'hour',
    });
    expect(publishedLabel('2026-11-27T11:59:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 1,
      unit: 'minute',
    });
    expect(publishedLabel('2026-09-27T12:00:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 2,
      unit: 'month',
    });
    expect(publishedLabel('2023-11-01T12:00:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 3,
      unit: 'year',
    });
    expect(publishedLabel('2026-11-27T11:59:50Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 10,
      unit: 'second',
    });
  });

  it('reads a future time as 0 seconds ago, and nothing for an empty or bad date', () => {
    expect(publishedLabel('2026-11-28T12:00:00Z', NOW, false)).toEqual({
      kind: 'ago',
      count: 0,
      unit: 'second',
    });
    expect(publishedLabel('', NOW, false)).toEqual({ kind: 'none' });
    expect(publishedLabel('not a date', NOW, true)).toEqual({ kind: 'none' });
  });
});
