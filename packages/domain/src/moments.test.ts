import { describe, expect, it } from 'vitest';
import {
  formatTimeInput,
  groupMoments,
  INVALID_TIME,
  MOMENT_LOGIN_MESSAGE,
  MOMENTS_BUFFER_S,
  MOMENTS_PAGE,
  MOMENTS_PER_GROUP,
  momentAddedMessage,
  momentProblem,
  parseTimeInput,
} from './moments';

describe('moments (discovery-and-site §5, §8, §9)', () => {
  it('"Moments buffer 400, 5 per group, page +10" and the messages', () => {
    expect([MOMENTS_BUFFER_S, MOMENTS_PER_GROUP, MOMENTS_PAGE]).toEqual([400, 5, 10]);
    expect(MOMENT_LOGIN_MESSAGE).toBe('You must be logged in to add comment');
    expect(momentAddedMessage('1:15')).toBe('Comment successfully added at 1:15');
  });

  it('"Time input accepts a number or h:m:s with up to 3 parts, else the invalid value -1"', () => {
    expect(parseTimeInput('75')).toBe(75);
    expect(parseTimeInput(' 12.5 ')).toBe(12.5);
    expect(parseTimeInput('1:15')).toBe(75);
    expect(parseTimeInput('0:01:15')).toBe(75);
    expect(parseTimeInput('1:02:03')).toBe(3723);
    for (const bad of ['', 'abc', '1:2:3:4', '1:75', '-5', '1::2', ':30', '1:2:x'])
      expect(parseTimeInput(bad), bad).toBe(INVALID_TIME);
    expect(formatTimeInput(75)).toBe('1:15');
    expect(formatTimeInput(3723)).toBe('1:02:03');
  });

  it('"time within 0 and the video duration; tag text required"', () => {
    expect(momentProblem(-1, 'x', 60)?.field).toBe('timemarker');
    expect(momentProblem(61, 'x', 60)?.field).toBe('timemarker');
    expect(momentProblem(60, 'x', 60)).toBeUndefined();
    expect(momentProblem(0, '  ', 60)?.field).toBe('tag');
    expect(momentProblem(5, 'x'.repeat(141), 60)?.field).toBe('tag');
  });

  it('groups moments by their whole second, in time order', () => {
    const groups = groupMoments([{ timemarker: 12.7 }, { timemarker: 3 }, { timemarker: 12.1 }]);
    expect(groups.map((g) => [g.at, g.items.length])).toEqual([
      [3, 1],
      [12, 2],
    ]);
  });
});
