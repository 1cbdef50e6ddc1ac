import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  ActivateSecondScreenResponse,
  Device,
  DeviceList,
  RegisterSecondScreenBody,
  SecondScreenCheck,
  SecondScreenRegistration,
} from '@marquee/contract';
import type { SecondScreensTable } from '../../db/schema';
import type { Site } from '../sites';
import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, rateLimited } from '../../plugins/errors';
import type { AuthService, DeviceInfo, FamilyState } from '../auth';
import type { DevicesRepository } from './devices.repository';

export type DevicesService = ReturnType<typeof createDevicesService>;

/** No vowels (so no words), and no 0 or 1 to mistake for O or I. */
export const CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ23456789';
export const CODE_LENGTH = 8;
export const CODE_TTL_S = 10 * 60;
/**
 * Seconds between polls. Below RFC 8628's 5 s default so a TV signs in within about 3 s of the
 * activation (the e2e budget is 5 s); one indexed read per poll is cheap.
 */
export const POLL_INTERVAL_S = 3;
/** RFC 8628 §3.5: every slow_down adds 5 s to the interval. */
export const SLOW_DOWN_STEP_S = 5;
/** A client that keeps polling too fast cannot push the interval past the code's lifetime. */
export const MAX_POLL_INTERVAL_S = 60;
/** Clock skew between server nodes and timer jitter: a poll this much early still counts as on time. */
const POLL_LEEWAY_MS = 500;

const WINDOW_MS = 15 * 60 * 1000;
/** Wrong activation codes (§2 /activate: "Wrong codes are rate limited"). */
export const WRONG_CODE_LIMITS: { user: RateRule; ip: RateRule } = {
  user: { limit: 10, windowMs: WINDOW_MS },
  ip: { limit: 30, windowMs: WINDOW_MS },
};

/**
 * Registrations per client IP (decision 0038). A TV registers when it shows its login screen,
 * on New Code and when a code expires (every 10 minutes): 30 in 10 minutes leaves room for a
 * household or an office of TVs behind one address, and stops a script from cycling codes.
 */
export const REGISTER_LIMIT: RateRule = { limit: 30, windowMs: 10 * 60 * 1000 };

/** Display names of the spec's §3 Device. */
const DISPLAY_NAMES: Record<string, string> = {
  appletv: 'AppleTV',
  roku: 'Roku',
  android: 'Android',
  ios: 'iOS',
  tv: 'TV',
  webtv: 'TV (web)',
};
export const deviceDisplayName = (type: string) => DISPLAY_NAMES[type] ?? 'TV';

/** What the viewer typed, as stored: no surrounding or inner spaces or dashes, upper case. */
export const normalizeCode = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

const unknownDevice = () => new AppError(404, 'unknownDevice', 'Unknown device');
const invalidCode = () => new AppError(404, 'invalidCode', 'Invalid code');
const deviceNotFound = () => new AppError(404, 'notFound', 'Device not found');
const invalidDeviceSecret = () =>
  new AppError(401, 'invalidDeviceSecret', 'Wrong device secret', 'x-device-secret');
const deviceRegistered = () =>
  new AppError(
    409,
    'deviceRegistered',
    'This deviceId is in use by another device: register again with its deviceSecret, or with a new deviceId',
    'deviceSecret',
  );

/** 32 random bytes, base64url: what a registration hands the device. */
const newDeviceSecret = () => randomBytes(32).toString('base64url');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** True when `secret` is the one whose hash the row keeps (constant time; rows from before have none). */
function secretMatches(row: Pick<SecondScreensTable, 'secret_hash'>, secret: string | undefined): boolean {
  if (!row.secret_hash || secret === undefined) return false;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const given = Buffer.from(hashSecret(secret), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * TV activation by code (accounts-and-commerce §2 TV screens, §7 Second screens), the device
 * authorization grant of RFC 8628: the TV registers and shows a short code, the viewer enters it
 * signed in on another screen, and the TV's next poll receives a session of its own, once.
 */
export function createDevicesService(deps: {
  repo: DevicesRepository;
  auth: Pick<AuthService, 'startTrackedSession' | 'getUser' | 'revokeSession' | 'sessionStates'>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { repo, auth, limiter, now } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();
  const isExpired = (row: SecondScreensTable) => Date.parse(row.code_expires_at) <= now();

  const toDevice = (row: SecondScreensTable, family?: FamilyState): Device => ({
    _id: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    name: deviceDisplayName(row.device_type),
    hardwareId: row.hardware_id,
    model: row.device_model,
    activatedAt: row.activated_at ?? row.created_at,
    lastSeenAt: family?.lastSeenAt ?? null,
  });

  async function uniqueCode(at: string): Promise<string> {
    // 28^8 codes: a clash with a live one is astronomically rare, but never hand out two alike.
    for (;;) {
      const code = newCode();
      if (!(await repo.codeInUse(code, at))) return code;
    }
  }

  /** The caller's activated device on this site, or 404 (also for someone else's device). */
  async function ownDevice(siteUid: string, user: AuthUser, id: string) {
    const row = await repo.findById(siteUid, id);
    if (!row || row.user_id !== user.id || row.activated_at === null) throw deviceNotFound();
    return row;
  }

  /**
   * True while any of the rows is in use: a code not yet expired and not yet picked up, or a
   * session handed out that is still live.
   */
  async function anyLive(rows: SecondScreensTable[]): Promise<boolean> {
    if (rows.some((r) => r.delivered_at === null && !isExpired(r))) return true;
    const families = rows.flatMap((r) => (r.family_id ? [r.family_id] : []));
    if (families.length === 0) return false;
    return (await auth.sessionStates(families)).some((f) => f.live);
  }

  async function countWrongCode(user: AuthUser, ip: string) {
    await Promise.all([
      limiter.hit(`activate:user:${user.id}`, WRONG_CODE_LIMITS.user),
      limiter.hit(`activate:ip:${ip}`, WRONG_CODE_LIMITS.ip),
    ]);
  }

  return {
    /**
     * A new code for the device; registering again replaces the code and starts over. A deviceId
     * already registered needs its secret while it is live (a code showing, or signed in): a
     * stranger who knows the id can neither sign the TV out nor take its place (409).
     */
    async register(
      site: Site,
      body: RegisterSecondScreenBody,
      client: { origin: string; userAgent: string | null; ip: string },
    ): Promise<SecondScreenRegistration> {
      if (site.perms.hideAuth)
        throw new AppError(403, 'authDisabled', 'This site has currently disabled logins / signups');
      const rate = await limiter.hit(`register:ip:${client.ip}`, REGISTER_LIMIT);
      if (!rate.allowed)
        throw rateLimited(
          rate.retryAfterMs,
          'Too many device registrations. Please wait a few minutes and try again',
        );
      const earlier = await repo.listByDevice(site.uid, body.deviceId);
      const own = earlier[0] !== undefined && secretMatches(earlier[0], body.deviceSecret);
      if (!own && (await anyLive(earlier))) throw deviceRegistered();
      const deviceSecret = own && body.deviceSecret ? body.deviceSecret : newDeviceSecret();
      const at = now();
      const expiresAt = iso(at + CODE_TTL_S * 1000);
      const row: SecondScreensTable = {
        id: randomUUID(),
        site_uid: site.uid,
        device_id: body.deviceId,
        device_type: body.deviceType,
        user_code: await uniqueCode(iso(at)),
        code_expires_at: expiresAt,
        poll_interval_s: POLL_INTERVAL_S,
        last_polled_at: null,
        user_id: null,
        activated_at: null,
        family_id: null,
        delivered_at: null,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
        created_at: iso(at),
        secret_hash: hashSecret(deviceSecret),
        hardware_id: body.hardwareId ?? null,
        device_model: body.deviceModel ?? null,
      };
      const replaced = await repo.replaceDevice(
        row,
        earlier.map((r) => r.id),
      );
      // Another registration of this deviceId landed in between: that one stands.
      if (replaced === null) throw deviceRegistered();
      for (const familyId of replaced) await auth.revokeSession(familyId);
      return {
        id: row.id,
        deviceId: row.device_id,
        deviceSecret,
        code: row.user_code,
        expiresAt,
        expiresIn: CODE_TTL_S,
        interval: POLL_INTERVAL_S,
        activationUrl: `${client.origin}/activate`,
      };
    },

    /**
     * One poll of the TV (RFC 8628 §3.4–3.5, with the spec's statuses). Only the device that holds
     * the registration's secret may poll: a wrong one is 401, so knowing the deviceId is not
     * enough to pick up the session.
     */
    async check(
      siteUid: string,
      deviceId: string,
      deviceSecret: string,
      client: DeviceInfo,
    ): Promise<SecondScreenCheck> {
      const row = await repo.findByDevice(siteUid, deviceId);
      if (!row) throw unknownDevice();
      if (!secretMatches(row, deviceSecret)) throw invalidDeviceSecret();
      if (row.delivered_at !== null) throw unknownDevice();
      // An activation the TV did not pick up while the code lived is void, like the code.
      if (isExpired(row)) return { status: 'expired' };
      if (row.activated_at !== null && row.user_id !== null) {
        if (!(await repo.claimDelivery(row.id, iso(now())))) throw unknownDevice();
        const user = await auth.getUser(row.user_id);
        if (!user) throw unknownDevice();
        const { login, sessionId } = await auth.startTrackedSession(user, {
          deviceType: row.device_type,
          userAgent: client.userAgent ?? row.user_agent,
          ip: client.ip,
        });
        await repo.setFamily(row.id, sessionId);
        return { status: 'activated', login };
      }
      const at = now();
      const tooSoon =
        row.last_polled_at !== null &&
        at - Date.parse(row.last_polled_at) < row.poll_interval_s * 1000 - POLL_LEEWAY_MS;
      const interval = tooSoon
        ? Math.min(row.poll_interval_s + SLOW_DOWN_STEP_S, MAX_POLL_INTERVAL_S)
        : row.poll_interval_s;
      await repo.recordPoll(row.id, iso(at), interval);
      return tooSoon ? { status: 'slowDown', interval } : { status: 'pending', interval };
    },

    /** The signed-in viewer enters the TV's code. Wrong codes count per user and per IP. */
    async activate(
      siteUid: string,
      user: AuthUser,
      input: string,
      ip: string,
    ): Promise<ActivateSecondScreenResponse> {
      const [byUser, byIp] = await Promise.all([
        limiter.peek(`activate:user:${user.id}`, WRONG_CODE_LIMITS.user),
        limiter.peek(`activate:ip:${ip}`, WRONG_CODE_LIMITS.ip),
      ]);
      // peek counts hits so far: refuse once the limit is used up.
      const blocked = [byUser, byIp].filter(
        (s, i) => s.count >= [WRONG_CODE_LIMITS.user, WRONG_CODE_LIMITS.ip][i]!.limit,
      );
      if (blocked.length > 0) {
        const retryAfterMs = Math.max(...blocked.map((s) => s.retryAfterMs || WINDOW_MS));
        throw rateLimited(retryAfterMs, 'Too many wrong codes. Please wait a few minutes and try again');
      }
      const code = normalizeCode(input);
      const row = code.length === CODE_LENGTH ? await repo.findByCode(siteUid, code) : undefined;
      if (!row || (row.activated_at !== null && row.user_id !== user.id)) {
        await countWrongCode(user, ip);
        throw invalidCode();
      }
      // The same viewer pressing Activate twice gets the same answer.
      if (row.activated_at !== null) return { message: 'Device activated!', device: toDevice(row) };
      if (isExpired(row))
        throw new AppError(410, 'codeExpired', 'This code has expired. Get a new code on your TV');
      const at = iso(now());
      if (!(await repo.activate(row.id, user.id, at))) throw invalidCode();
      // The same set activated again by this viewer (its app's storage wiped, so a new deviceId):
      // the new entry replaces the old, whose session that set no longer holds (decision 0080).
      if (row.hardware_id !== null)
        for (const familyId of await repo.forgetOtherActivations(row, user.id))
          await auth.revokeSession(familyId);
      return {
        message: 'Device activated!',
        device: toDevice({ ...row, user_id: user.id, activated_at: at }),
      };
    },

    /** The viewer's devices that hold a session, or are about to pick one up. */
    async list(siteUid: string, user: AuthUser): Promise<DeviceList> {
      const rows = await repo.listActivated(siteUid, user.id);
      const families = new Map(
        (await auth.sessionStates(rows.flatMap((r) => (r.family_id ? [r.family_id] : [])))).map((f) => [
          f.familyId,
          f,
        ]),
      );
      const items = rows.flatMap((row) => {
        if (row.delivered_at === null) return isExpired(row) ? [] : [toDevice(row)];
        const family = row.family_id ? families.get(row.family_id) : undefined;
        return family?.live ? [toDevice(row, family)] : [];
      });
      return { items };
    },

    /** Signs the device out: its session is revoked (or its pending activation taken back). */
    async logout(siteUid: string, user: AuthUser, id: string): Promise<void> {
      const row = await ownDevice(siteUid, user, id);
      if (row.family_id) await auth.revokeSession(row.family_id);
      else if (row.delivered_at === null) await repo.deactivate(row.id);
    },

    /** Signs the device out and forgets it. */
    async remove(siteUid: string, user: AuthUser, id: string): Promise<void> {
      const row = await ownDevice(siteUid, user, id);
      if (row.family_id) await auth.revokeSession(row.family_id);
      await repo.deleteDevice(row.id);
    },
  };
}
