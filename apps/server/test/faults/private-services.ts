// Private Redis and PostgreSQL instances for the restart scenarios: their own processes on spare
// ports and temp folders, so restarting them never touches the shared ones (6379, 5432) that the
// other tests use. Each says why it cannot run on this machine instead of failing.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './processes';

const onPath = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/** Why a private redis-server cannot start here, or undefined when it can. */
export function redisUnavailable(): string | undefined {
  return onPath('redis-server') ? undefined : 'redis-server is not installed (apt-get install redis-server)';
}

export type PrivateRedis = {
  url: string;
  /** SIGKILL (its data is gone: it runs without persistence), then a new one on the same port. */
  kill: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A redis-server of our own on a spare port of loopback, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 200; i++) {
      const answer = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout;
      if (answer?.trim() === 'PONG') return;
      await sleep(25);
    }
    throw new Error(`the private redis-server on port ${port} did not start`);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill, stop: kill };
}

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(base, versions[0], 'bin');
}

/** As root, PostgreSQL's tools run as the `postgres` user (initdb refuses root). */
const asOwner = (): string[] => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []);

/** Why a private PostgreSQL cannot start here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  if (!postgresBin()) return 'PostgreSQL server binaries are not installed (apt-get install postgresql)';
  if (process.getuid?.() === 0) {
    if (!onPath('runuser')) return 'running as root without runuser to start PostgreSQL as its own user';
    if (spawnSync('id', ['postgres']).status !== 0) return 'running as root and there is no postgres user';
  }
  return undefined;
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication on loopback). */
  url: string;
  /** Stops it at once, as a crash would (`pg_ctl stop -m immediate`). */
  crash: () => void;
  start: () => void;
  /** Stops it and removes its folder. */
  destroy: () => void;
};

/** A PostgreSQL cluster of our own (initdb in a temp folder) on a spare port of loopback. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin()!;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'marquee-pg-'));
  if (process.getuid?.() === 0) {
    const [uid, gid] = ['-u', '-g'].map((flag) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()),
    );
    chownSync(dir, uid!, gid!);
  }
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asOwner(), join(bin, tool), ...args];
    const res = spawnSync(command!, rest, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  const crash = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    crash,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
