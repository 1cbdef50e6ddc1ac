import { ApiError } from '@marquee/api-client';
import { describe, expect, it } from 'vitest';
import { canModerate, reportRefusal } from './report-outcome';

describe('reports on the web (decision 0054)', () => {
  it('a second report says it was reported already; a hidden or missing item is gone', () => {
    expect(reportRefusal(new ApiError(409, 'alreadyReported', 'x', 'itemId'))).toBe('already');
    expect(reportRefusal(new ApiError(404, 'notFound', 'x'))).toBe('gone');
    expect(reportRefusal(new ApiError(429, 'rateLimited', 'x'))).toBe('failed');
    expect(reportRefusal(new TypeError('network'))).toBe('failed');
  });

  it('staff, support and admin see the moderation page; viewers and unknown roles do not', () => {
    for (const role of ['staff', 'support', 'admin']) expect(canModerate([role])).toBe(true);
    expect(canModerate([])).toBe(false);
    expect(canModerate(undefined)).toBe(false);
    expect(canModerate(['superuser'])).toBe(false);
  });
});
