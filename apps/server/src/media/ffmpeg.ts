import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

export type Binaries = { ffmpeg: string; ffprobe: string };

let cached: Binaries | undefined;

/** True when `name -version` runs, i.e. the binary is on PATH. */
function onPath(name: string): boolean {
  const res = spawnSync(name, ['-version'], { stdio: 'ignore' });
  return !res.error && res.status === 0;
}

/**
 * The ffmpeg and ffprobe to run: the system binaries on PATH when present, else the ones the
 * @ffmpeg-installer / @ffprobe-installer packages ship (old static builds; see encodeRendition).
 */
export function binaries(): Binaries {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const pick = (name: string, pkg: string) => (onPath(name) ? name : (require(pkg) as { path: string }).path);
  cached = {
    ffmpeg: pick('ffmpeg', '@ffmpeg-installer/ffmpeg'),
    ffprobe: pick('ffprobe', '@ffprobe-installer/ffprobe'),
  };
  return cached;
}

let filters: string | undefined;

/** True when this ffmpeg build has the named filter (static builds may lack drawtext). */
export function hasFilter(name: string): boolean {
  filters ??= spawnSync(binaries().ffmpeg, ['-hide_banner', '-filters'], { encoding: 'utf8' }).stdout ?? '';
  return new RegExp(`^\\s*\\S+\\s+${name}\\s`, 'm').test(filters);
}

export type RunOptions = {
  /** Duration of the output in seconds, to turn `-progress` times into a fraction. */
  durationS?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Parses `-progress pipe:1` blocks; out_time is present in old and new builds (out_time_us is not). */
export function parseProgressTime(chunk: string): number | undefined {
  let last: number | undefined;
  for (const m of chunk.matchAll(/^out_time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/gm)) {
    if (m[1]) continue;
    last = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  }
  return last;
}

/**
 * Runs ffmpeg without a shell. Resolves when it exits 0; rejects with the tail of its stderr
 * otherwise. Progress comes from `-progress pipe:1`, reported as a fraction of `durationS`.
 */
export function runFfmpeg(args: string[], opts: RunOptions = {}): Promise<void> {
  const full = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    ...args,
  ];
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError());
    const child = spawn(binaries().ffmpeg, full, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let buffered = '';
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      buffered += data;
      const cut = buffered.lastIndexOf('\n');
      if (cut < 0) return;
      const t = parseProgressTime(buffered.slice(0, cut));
      buffered = buffered.slice(cut + 1);
      if (t !== undefined && opts.durationS && opts.onProgress)
        opts.onProgress(Math.min(1, Math.max(0, t / opts.durationS)));
    });
    child.stderr.setEncoding('utf8').on('data', (data: string) => {
      stderr = (stderr + data).slice(-4000);
    });
    child.on('error', (err) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(abortError());
      if (code === 0) return resolve();
      reject(new Error(`ffmpeg failed (${sig ?? `exit ${code}`}): ${lastLines(stderr)}`));
    });
  });
}

/** Runs ffprobe with JSON output and returns the parsed document; rejects with ffprobe's own complaint. */
export function runFfprobe(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries().ffprobe, ['-v', 'error', '-print_format', 'json', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(lastLines(stderr) || `exit ${code}`));
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error('unreadable ffprobe output'));
      }
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' | ');
}

/** The error an aborted run rejects with; callers tell it apart by name. */
export function abortError(): Error {
  const err = new Error('Aborted');
  err.name = 'AbortError';
  return err;
}
