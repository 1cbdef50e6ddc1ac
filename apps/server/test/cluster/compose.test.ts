import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRYPOINTS, nginxVariables, repoRoot } from '../../src/cli/cluster-processes';

/**
 * compose.yaml and the Dockerfile describe the cluster for operators with the entrypoints the
 * process cluster runs (decision 0087). `docker compose config` (or Debian's docker-compose)
 * validates the file with no daemon; skipped where neither CLI is installed.
 */
const SECRETS = { MEDIA_SECRET: 'm'.repeat(40), AUTH_SECRET: 'a'.repeat(40), CAPTCHA_SECRET: 'c'.repeat(20) };

function composeCli(): string[] | undefined {
  for (const cli of [['docker', 'compose'], ['docker-compose']]) {
    const res = spawnSync(cli[0]!, [...cli.slice(1), 'version'], { encoding: 'utf8' });
    if (res.status === 0) return cli;
  }
  return undefined;
}
// It needs no database: it runs once, in the embedded pass of `npm test`.
const cli = process.env.DATABASE_URL ? undefined : composeCli();

function compose(args: string[], env: Record<string, string>) {
  const { MEDIA_SECRET: _m, AUTH_SECRET: _a, CAPTCHA_SECRET: _c, ...rest } = process.env;
  return spawnSync(cli![0]!, [...cli!.slice(1), '-f', 'compose.yaml', ...args], {
    cwd: repoRoot,
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
}

const composeText = readFileSync(join(repoRoot, 'compose.yaml'), 'utf8');

describe.runIf(cli)('compose.yaml, validated by the compose CLI', () => {
  it('is a valid compose file with the cluster’s services', () => {
    const res = compose(['config', '--services'], SECRETS);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n').sort()).toEqual(
      ['api1', 'api2', 'migrate', 'nginx', 'postgres', 'redis', 's3', 'worker'].sort(),
    );
  });

  it('refuses to start without the secrets every node must share, naming them', () => {
    const res = compose(['config', '--quiet'], {});
    expect(res.status).not.toBe(0);
    expect(res.stderr).toMatch(/(MEDIA|AUTH|CAPTCHA)_SECRET/);
    // Each is a required variable (`${NAME:?why}`), so compose names whichever is missing.
    for (const name of Object.keys(SECRETS)) expect(composeText).toContain(`${name}: \${${name}:?`);
  });
});

describe('the image and compose.yaml run the process cluster’s entrypoints', () => {
  it('names the server, the worker and the migration as `npm run cluster` runs them', () => {
    for (const script of Object.values(ENTRYPOINTS))
      expect(composeText).toContain(`['node', '--import', 'tsx', '${script}']`);
    expect(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8')).toContain(
      `CMD ["node", "--import", "tsx", "${ENTRYPOINTS.server}"]`,
    );
  });

  it('fills every placeholder of deploy/nginx/nginx.conf, as the process cluster does', () => {
    const template = readFileSync(join(repoRoot, 'deploy/nginx/nginx.conf'), 'utf8');
    const placeholders = [...template.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1]!);
    expect(new Set(placeholders)).toEqual(
      new Set(Object.keys(nginxVariables({ listen: '', upstreams: [] }))),
    );
    for (const name of placeholders) expect(composeText).toMatch(new RegExp(`^ +${name}: `, 'm'));
    expect(composeText).toContain('./deploy/nginx/nginx.conf:/etc/nginx/templates/nginx.conf.template:ro');
  });
});
