// The operator's dashboard (deploy/grafana/marquee.json) and /metrics cannot drift: every metric
// name a panel queries is one the server exports (decision 0082).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness';

const TOKEN = 'dashboard-token-0123456789';
const dashboard = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../deploy/grafana/marquee.json'), 'utf8'),
) as { panels: { title: string; targets: { expr: string }[] }[] };

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => h.close());

/** The sample names /metrics can print: each family's own, and a histogram's _bucket, _sum, _count. */
async function exported(): Promise<Set<string>> {
  const res = await h.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const names = new Set<string>();
  for (const [, name, type] of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const s of ['_bucket', '_sum', '_count']) names.add(name! + s);
  }
  return names;
}

describe('deploy/grafana/marquee.json', () => {
  it('queries only metrics that /metrics exports', async () => {
    const names = await exported();
    const queried = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) =>
        [...t.expr.matchAll(/\b((?:marquee|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!),
      ),
    );
    expect(queried.length).toBeGreaterThan(0);
    expect(queried.filter((name) => !names.has(name))).toEqual([]);
  });

  it('charts every family of the server (requests, sockets, queue, transcodes, logins)', async () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    const ours = [...(await exported())].filter(
      (n) => n.startsWith('marquee_') && !/_(bucket|sum|count)$/.test(n),
    );
    const charted = ours.filter((family) => exprs.includes(family));
    expect(charted.sort()).toEqual(ours.sort());
  });
});
