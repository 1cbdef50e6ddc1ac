import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Signs playback URLs. Generated once and kept in DATA_DIR when not given. */
  MEDIA_SECRET: z.string().min(32).optional(),
  /** Signs access tokens (JWT, HS256). Generated once and kept in DATA_DIR when not given. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Lifetime of a signed playback URL. */
  PLAY_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(6 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_SITE: z.string().default('demo'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mediaSecret: string;
  authSecret: string;
  playUrlTtlSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  defaultSite: string;
};

/** Reads and validates the environment; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    mediaSecret: e.MEDIA_SECRET ?? persistentSecret(join(dataDir, 'media-secret')),
    authSecret: e.AUTH_SECRET ?? persistentSecret(join(dataDir, 'auth-secret')),
    playUrlTtlSeconds: e.PLAY_URL_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    defaultSite: e.DEFAULT_SITE,
  };
}

function persistentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
