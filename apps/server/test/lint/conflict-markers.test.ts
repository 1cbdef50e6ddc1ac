// A merge once left its conflict markers in a README and nothing noticed: no tracked text file may
// hold a line that starts like one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|sh)$/;
const MARKER = /^(<{7}|>{7}) |^={7}$/m;

describe('merge conflict markers', () => {
  it('no tracked text file holds one', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f));
    const marked = files.filter((f) => {
      try {
        return MARKER.test(readFileSync(resolve(root, f), 'utf8'));
      } catch {
        return false; // listed but gone from the work tree
      }
    });
    expect(marked).toEqual([]);
  });
});
