import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { socialConfig, SocialProvidersEnv, SocialProviderUrl, type SocialConfig } from './social-config';

/** The value ALLOW_TEST_PAYMENTS_IN_PRODUCTION must have: the operator says what it means. */
export const ALLOW_TEST_PAYMENTS_VALUE = 'yes-anyone-can-buy-for-free';

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
  /**
   * Lifetime of a signed playback URL, and so of its content key's URL (decision 0037): players renew
   * it through play-url before it expires, so it need not cover a whole film.
   */
  PLAY_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(15 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_SITE: z.string().default('demo'),
  /**
   * Whether X-Forwarded-For/-Proto/-Host are believed: 'false' (the default), so a client cannot
   * choose the IP that abuse limits count against; the proxies' addresses (comma-separated IPs,
   * CIDRs or `loopback`, `linklocal`, `uniquelocal`), so only a request that came through one of
   * them is believed (the cluster shape, decision 0087); or 'true', every hop.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every((a) => isProxyAddress(a.trim())), {
      message:
        "must be 'true', 'false' or comma-separated IP addresses, CIDRs or loopback/linklocal/uniquelocal",
    }),
  /**
   * A request (headers and body) must arrive whole within this time, else its connection is cut
   * (408): a client that sends half a body cannot hold a connection for minutes.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The request headers alone must arrive within this time (capped at REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** An idle keep-alive connection is closed after this time (above a proxy's own idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /**
   * Origins of the packaged TV apps, comma-separated (e.g. `file://,app://tizen`): the realtime
   * gateway accepts them besides the site's own hosts (decision 0043).
   */
  REALTIME_TV_ORIGINS: z.string().default(''),
  /**
   * How often at most a chat room's online count is recounted and broadcast after people join or
   * leave, per room and node (decision 0053; tests shorten it).
   */
  CHAT_ONLINE_RECOUNT_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** How often a joined chat socket's token and access are checked again (decision 0053). */
  CHAT_ACCESS_RECHECK_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
  /**
   * Job types the API process also runs (comma-separated; '' for none, when `npm run worker`
   * processes run them). Gifs by default, so a single process renders them.
   */
  INLINE_JOBS: z.string().default('gif'),
  /**
   * S3-compatible object storage for media (decision 0086): set S3_BUCKET to keep published assets
   * there instead of DATA_DIR/media (which then only holds encodes in progress).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  /** The S3 API's URL (MinIO, Ceph, a local server…); AWS's own endpoint for S3_REGION when unset. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http(s):// origin, e.g. http://127.0.0.1:9000')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; without them the AWS SDK's own chain (env, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 'true' for servers without virtual-hosted buckets (MinIO, most local servers). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /**
   * How long a worker's claim on a job holds without its heartbeat (every third of it): a worker
   * that died mid-job leaves it to another after this long (fault tests shorten it).
   */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Turns GET /metrics on (decision 0082): Prometheus scrapes it with `Authorization: Bearer <token>`.
   * Without it the endpoint answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where a worker process (`npm run worker`, no HTTP API) serves /metrics, with METRICS_TOKEN. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * On SIGTERM, how long /readyz answers 503 before the listener closes, so a load balancer that
   * polls it stops sending new requests first (0 behind nginx, which moves on at a refused connection).
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** On SIGTERM, how long in-flight requests (or a worker's job) may take before the process gives up. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('marquee:'),
  /** smtp://user:pass@host:port; without it, mail is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Marquee <no-reply@marquee.local>'),
  /** Signup captcha: ALTCHA (self-hosted proof of work) unless a hosted one is configured. */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
  /** The hosted captcha's secret key; for ALTCHA, the HMAC key (generated and kept when not given). */
  CAPTCHA_SECRET: z.string().min(16).optional(),
  /** Overrides the hosted captcha's verify endpoint (tests point it at a local server). */
  CAPTCHA_VERIFY_URL: z.string().url().optional(),
  /** Argoid's base URL (decision 0061): the recommended rankings of sites with the argoid flag. */
  ARGOID_URL: z.string().url().optional(),
  ARGOID_API_KEY: z.string().optional(),
  /** The hosted captcha's public site key, handed to the signup form (reCAPTCHA, Turnstile). */
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** Social login providers, a JSON array: [{ id, name, issuer, clientId, clientSecret, scopes? }]. */
  SOCIAL_PROVIDERS: SocialProvidersEnv.optional(),
  /** Shorthand that adds the facebook provider (both or neither). */
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Overrides Facebook's issuer (tests point it at a local OpenID provider). */
  FACEBOOK_ISSUER: SocialProviderUrl.optional(),
  /**
   * A Facebook app token (`app-id|app-secret`) for POST /api/scrape/facebook (decision 0060); without
   * it the call answers 503.
   */
  FACEBOOK_APP_TOKEN: z.string().min(3).optional(),
  /** Overrides https://graph.facebook.com/v19.0 (tests point it at a local stand-in). */
  FACEBOOK_GRAPH_URL: z.string().url().optional(),
  /** Stripe (decision 0031): the gateway is registered only with a secret key. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Overrides https://api.stripe.com (tests point it at a local double). */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * The provider player API scripts that play live events whose source is YouTube, Dailymotion or
   * JW Player (the source map; decision 0059). JW Player's cloud-hosted library is per account
   * (`https://cdn.jwplayer.com/libraries/{playerId}.js`), so it has no default: without it, a jw
   * source answers 409. Tests point them at local stand-ins.
   */
  PLAYER_SCRIPT_YT: z.string().url().default('https://www.youtube.com/iframe_api'),
  PLAYER_SCRIPT_DM: z.string().url().default('https://geo.dailymotion.com/libs/player.js'),
  PLAYER_SCRIPT_JW: z.string().url().optional(),
  /** `production` turns the test-payment guard on (decision 0036). */
  NODE_ENV: z.string().optional(),
  /**
   * The one value that lets a production server run the embedded `test` gateway, with which anyone
   * buys anything with a made-up card number (decision 0036). Any other value is refused.
   */
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: z.literal(ALLOW_TEST_PAYMENTS_VALUE).optional(),
  /** PayPal REST (decision 0031): the paypal and paypal-sub gateways need both. */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_SECRET: z.string().min(1).optional(),
  /** https://api-m.sandbox.paypal.com unless live (https://api-m.paypal.com); tests use a double. */
  PAYPAL_API_BASE: z.string().url().default('https://api-m.sandbox.paypal.com'),
  /** The id PayPal gave the webhook endpoint; without it PayPal webhooks are refused. */
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Authorize.Net (decision 0058): the authorizenet gateway needs both. */
  AUTHORIZENET_API_LOGIN_ID: z.string().min(1).optional(),
  AUTHORIZENET_TRANSACTION_KEY: z.string().min(1).optional(),
  /** The JSON API endpoint: the sandbox unless live (https://api.authorize.net/xml/v1/request.api); tests use a double. */
  AUTHORIZENET_API_URL: z.string().url().default('https://apitest.authorize.net/xml/v1/request.api'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** Media assets in an S3-compatible bucket instead of mediaDir (decision 0086); null for local disk. */
  s3: {
    bucket: string;
    endpoint: string | undefined;
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    forcePathStyle: boolean;
  } | null;
  /** Rendered gifs, one folder per gif. */
  gifsDir: string;
  /** Job types the API process runs itself besides serving (INLINE_JOBS). */
  inlineJobs: string[];
  /** A worker's claim on a job without a heartbeat lapses after this (JOB_LEASE_MS). */
  jobLeaseMs: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mediaSecret: string;
  authSecret: string;
  playUrlTtlSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  defaultSite: string;
  /** Fastify's trustProxy: all hops, none, or the proxies' addresses and ranges. */
  trustProxy: boolean | string[];
  /** Server timeouts in ms (slow clients): whole request, headers, idle keep-alive. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  redisPrefix: string;
  /** METRICS_TOKEN: /metrics is on only with it (decision 0082). */
  metricsToken: string | undefined;
  /** The worker's own /metrics port (METRICS_PORT). */
  metricsPort: number;
  /** Graceful shutdown (SIGTERM): readiness off for `delayMs`, then at most `timeoutMs` to finish. */
  drain: { delayMs: number; timeoutMs: number };
  /** Origins of the packaged TV apps the realtime gateway accepts (decision 0043). */
  tvAppOrigins: string[];
  /** At most one online recount per chat room and node in this many ms (decision 0053). */
  chatOnlineRecountMs: number;
  chatAccessRecheckMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe?: { secretKey: string; webhookSecret: string | undefined; apiBase: string | undefined };
  paypal?: { clientId: string; secret: string; apiBase: string; webhookId: string | undefined };
  authorizenet?: { loginId: string; transactionKey: string; apiUrl: string };
  captcha: {
    provider: 'altcha' | 'recaptcha' | 'turnstile';
    secret: string;
    verifyUrl: string | undefined;
    siteKey: string | undefined;
  };
  social: SocialConfig;
  /** The provider player API scripts by source (decision 0059); jw only when configured. */
  playerScripts: { yt: string; dm: string; jw?: string };
  /** The Facebook re-scrape (decision 0060), only with FACEBOOK_APP_TOKEN. */
  facebookGraph?: { appToken: string; baseUrl: string | undefined };
  /** ARGOID_URL and ARGOID_API_KEY; null without ARGOID_URL (the argoid flag then changes nothing). */
  argoid: { baseUrl: string; apiKey: string | undefined } | null;
  /** NODE_ENV is production. */
  production: boolean;
  /** ALLOW_TEST_PAYMENTS_IN_PRODUCTION was set to its one value. */
  allowTestPaymentsInProduction: boolean;
};

/** The S3 settings, or null without S3_BUCKET; a half-given setting names its variable. */
function s3Config(e: z.infer<typeof EnvSchema>): Config['s3'] {
  const given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => e[k]);
  if (!e.S3_BUCKET) {
    if (given.length > 0)
      throw new Error(`Invalid configuration: S3_BUCKET: required when ${given.join(', ')} is set`);
    return null;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new Error(`Invalid configuration: ${missing}: required with the other S3 key`);
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Reads and validates the environment; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const s3 = s3Config(e);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    s3,
    gifsDir: join(dataDir, 'gifs'),
    inlineJobs: e.INLINE_JOBS.split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    jobLeaseMs: e.JOB_LEASE_MS,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    mediaSecret: e.MEDIA_SECRET ?? persistentSecret(join(dataDir, 'media-secret')),
    authSecret: e.AUTH_SECRET ?? persistentSecret(join(dataDir, 'auth-secret')),
    playUrlTtlSeconds: e.PLAY_URL_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    defaultSite: e.DEFAULT_SITE,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    tvAppOrigins: e.REALTIME_TV_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    chatOnlineRecountMs: e.CHAT_ONLINE_RECOUNT_MS,
    chatAccessRecheckMs: e.CHAT_ACCESS_RECHECK_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secret: e.CAPTCHA_SECRET ?? captchaSecret(e.CAPTCHA_PROVIDER, join(dataDir, 'altcha-secret')),
      verifyUrl: e.CAPTCHA_VERIFY_URL,
      siteKey: e.CAPTCHA_SITE_KEY,
    },
    social: socialConfig(e),
    playerScripts: {
      yt: e.PLAYER_SCRIPT_YT,
      dm: e.PLAYER_SCRIPT_DM,
      ...(e.PLAYER_SCRIPT_JW ? { jw: e.PLAYER_SCRIPT_JW } : {}),
    },
    argoid: e.ARGOID_URL ? { baseUrl: e.ARGOID_URL, apiKey: e.ARGOID_API_KEY } : null,
    production: e.NODE_ENV === 'production',
    allowTestPaymentsInProduction: e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION === ALLOW_TEST_PAYMENTS_VALUE,
    ...(e.FACEBOOK_APP_TOKEN
      ? { facebookGraph: { appToken: e.FACEBOOK_APP_TOKEN, baseUrl: e.FACEBOOK_GRAPH_URL } }
      : {}),
    ...(e.STRIPE_SECRET_KEY
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          },
        }
      : {}),
    ...(e.PAYPAL_CLIENT_ID && e.PAYPAL_SECRET
      ? {
          paypal: {
            clientId: e.PAYPAL_CLIENT_ID,
            secret: e.PAYPAL_SECRET,
            apiBase: e.PAYPAL_API_BASE,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          },
        }
      : {}),
    ...(e.AUTHORIZENET_API_LOGIN_ID && e.AUTHORIZENET_TRANSACTION_KEY
      ? {
          authorizenet: {
            loginId: e.AUTHORIZENET_API_LOGIN_ID,
            transactionKey: e.AUTHORIZENET_TRANSACTION_KEY,
            apiUrl: e.AUTHORIZENET_API_URL,
          },
        }
      : {}),
  };
}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR (`10.0.0.0/8`) or a range proxy-addr names. */
function isProxyAddress(a: string): boolean {
  if (NAMED_RANGES.includes(a)) return true;
  const [ip = '', bits, ...rest] = a.split('/');
  const family = isIP(ip);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function trustProxyOf(value: string): boolean | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  return value.split(',').map((a) => a.trim());
}

function captchaSecret(provider: string, altchaFile: string): string {
  if (provider !== 'altcha')
    throw new Error(`Invalid configuration: CAPTCHA_SECRET: required for ${provider}`);
  return persistentSecret(altchaFile);
}

function persistentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Whether the embedded test gateway may run: outside production, or where the operator allowed it. */
export const testPaymentsAllowed = (config: Pick<Config, 'production' | 'allowTestPaymentsInProduction'>) =>
  !config.production || config.allowTestPaymentsInProduction;

/**
 * The start-up check of decision 0036: a production server whose sites enable the test gateway
 * refuses to start unless the operator set ALLOW_TEST_PAYMENTS_IN_PRODUCTION to its one value.
 * Answers a warning to log when it was allowed that way.
 */
export function checkTestPayments(
  config: Pick<Config, 'production' | 'allowTestPaymentsInProduction'>,
  sitesWithTestGateway: string[],
): string | undefined {
  if (!config.production || sitesWithTestGateway.length === 0) return undefined;
  const sites = sitesWithTestGateway.join(', ');
  if (config.allowTestPaymentsInProduction)
    return `The test payment gateway is on in production for site(s) ${sites}: anyone can buy anything for free`;
  throw new Error(
    `Invalid configuration: NODE_ENV is production and site(s) ${sites} enable the test payment gateway, ` +
      'with which anyone buys anything with a made-up card number. Remove "test" from their ' +
      `payment_gateways, or set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=${ALLOW_TEST_PAYMENTS_VALUE}.`,
  );
}
