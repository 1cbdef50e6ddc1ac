import { readFileSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '../../src/modules/auth/auth.service';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { createHarness, type Harness } from '../harness';
import { makeClip, seedSite } from '../media/fixtures';
import { clusterAvailable, startTestCluster, type TestCluster } from '../support/cluster';

/**
 * The cluster shape (decision 0087), as processes on loopback: 2 API nodes, 1 transcoding worker
 * and nginx in front, on PostgreSQL (the harness's own schema) and Redis (its own key prefix). A
 * file is ingested by the worker process, played through nginx, and the cluster survives one API
 * node being killed. Runs in the PostgreSQL + Redis pass of `npm test`; skipped elsewhere.
 */
const PASSWORD = 'cluster horse battery';
let h: Harness;
let cluster: TestCluster;

describe.runIf(clusterAvailable())('the cluster: 2 API nodes, a worker and nginx', () => {
  beforeAll(async () => {
    h = await createHarness();
    await seedSite(h);
    await h.db
      .insertInto('users')
      .values({
        id: 'viewer',
        site_uid: 'acme',
        email: 'viewer@acme.test',
        password_hash: await hash(PASSWORD, ARGON2_OPTIONS),
        first_name: 'Vic',
        last_name: 'Viewer',
        roles: '[]',
        verified: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    await makeClip(join(h.config.dataDir, 'work', 'clip.mp4'), { seconds: 4, height: 240 });
    cluster = await startTestCluster(h, { nodes: 2, workers: 1 });
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
    await h?.close();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${cluster.url}${path}`, init);
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await get(path, init);
    const text = await res.text();
    expect(res.status, `${init.method ?? 'GET'} ${path}: ${text.slice(0, 300)}`).toBe(200);
    return JSON.parse(text) as Record<string, unknown>;
  };

  /** play-url → master → first variant → its first segment, all through nginx: the segment's bytes. */
  async function play(uid: string): Promise<Buffer> {
    const playable = await json(`/v2/sites/acme/videos/${uid}/play-url`);
    const master = new URL(String(playable.url), cluster.url);
    expect(master.origin).toBe(cluster.url);
    const masterText = await (await get(master.pathname)).text();
    const variant = new URL(
      masterText.split('\n').find((l) => l && !l.startsWith('#'))!,
      master,
    );
    const variantText = await (await get(variant.pathname)).text();
    const segment = new URL(
      variantText.split('\n').find((l) => l && !l.startsWith('#'))!,
      variant,
    );
    const res = await get(segment.pathname);
    expect(res.status, segment.pathname).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('the worker process transcodes an ingested file, and it plays through nginx from both nodes', async () => {
    // Queued as `npm run ingest` queues it; only the worker process runs jobs (INLINE_JOBS='').
    const jobs = createJobsService(createJobsRepository(h.db));
    const id = await jobs.enqueue('ingest', {
      siteUid: 'acme',
      file: join(h.config.dataDir, 'work', 'clip.mp4'),
      title: 'Cluster clip',
      channelId: 'news',
      videoUid: 'clusterclip1',
    });
    let job = await jobs.get(id);
    for (const deadline = Date.now() + 90_000; job?.status === 'queued' || job?.status === 'running';) {
      expect(Date.now(), 'the ingest job did not finish in 90 s').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 250));
      job = await jobs.get(id);
    }
    expect(job).toMatchObject({ status: 'done' });
    expect(String(job!.result && (job!.result as { videoUid?: string }).videoUid)).toBe('clusterclip1');

    const segment = await play('clusterclip1');
    // An MPEG-TS segment (sync byte every 188 bytes) or an fMP4 one (a box header).
    expect(segment.length).toBeGreaterThan(1000);
    expect(
      segment[0] === 0x47 ||
        segment.subarray(4, 8).toString() === 'styp' ||
        segment.subarray(4, 8).toString() === 'moof',
    ).toBe(true);

    // The playlists and the segment were nginx's own (token checked by njs, read from the media
    // folder): no node saw them. Everything else went round robin over the two nodes.
    const log = readFileSync(cluster.nginx.accessLog, 'utf8').split('\n');
    const media = log.filter((line) => line.includes('"GET /media/'));
    expect(media.length).toBeGreaterThanOrEqual(3);
    for (const line of media) expect(line).toContain('upstream="-"');
    const served = new Set(cluster.upstreamsServed().map((u) => u.answered));
    served.delete('-');
    expect([...served].sort()).toEqual(cluster.nodes.map((n) => `127.0.0.1:${n.port}`).sort());
  }, 120_000);

  it('survives an API node killed with SIGKILL: reads, a sign-in and a progress write still succeed; a client cannot choose its address', async () => {
    const [dead, alive] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    await dead.stop('SIGKILL');
    const logged = cluster.upstreamsServed().length;

    // Enough of each that round robin would have sent some to the dead node.
    for (let i = 0; i < 4; i++) {
      await json('/v2/sites/acme/config');
      await json('/v2/sites/acme/videos/clusterclip1');
      expect((await play('clusterclip1')).length).toBeGreaterThan(1000);
    }
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const login = await json('/v2/me/auth/login', {
        method: 'POST',
        // A client's own X-Forwarded-For: nginx replaces it with the address it saw.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ email: 'viewer@acme.test', password: PASSWORD, site: 'acme' }),
      });
      tokens.push(String(login.token));
    }
    const sessions = await h.db
      .selectFrom('refresh_tokens')
      .select('ip')
      .where('user_id', '=', 'viewer')
      .execute();
    expect(sessions.map((r) => r.ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    for (const [i, token] of tokens.entries()) {
      const res = await get('/v2/me/sites/acme/history-progress', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ history: [{ id: 'clusterclip1', progress: 1 + i }] }),
      });
      expect(res.status, await res.text()).toBeLessThan(300);
    }
    const saved = await h.db
      .selectFrom('watch_progress')
      .selectAll()
      .where('user_id', '=', 'viewer')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ video_uid: 'clusterclip1', position_s: 3 });

    // Every answer after the kill came from the live node (nginx may have tried the dead one
    // first, once: it is then out of rotation for fail_timeout).
    // Playlists and segments are nginx's own ('-'): 4 × 3 of them, 4 × 3 + 6 from the node.
    const after = cluster.upstreamsServed().slice(logged);
    const fromNodes = after.filter((u) => u.answered !== '-');
    expect(after.length - fromNodes.length).toBe(4 * 3);
    expect(fromNodes.length).toBeGreaterThanOrEqual(4 * 3 + 6);
    expect(fromNodes.filter((u) => u.answered !== `127.0.0.1:${alive.port}`)).toEqual([]);
  }, 60_000);
});
