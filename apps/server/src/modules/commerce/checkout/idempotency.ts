import { createHash } from 'node:crypto';
import type { AuthUser } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import type { ChargesRepository } from './charges.repository';

/** How long a request holds its idempotency key; a retry after this takes over (decision 0029). */
export const IDEMPOTENCY_LOCK_MS = 60_000;

/** The refusal of a second checkout of the same offer while one is running (retryable). */
export const CHECKOUT_IN_PROGRESS = 'checkoutInProgress';

export type Replay = { statusCode: number; body: unknown };

/**
 * Idempotency keys (decision 0029): every money call carries one; the first response is stored
 * and replayed, and a key reused for another request is refused.
 */
export function createIdempotency(deps: { repo: ChargesRepository; now: () => number }) {
  const { repo, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** Runs `run` once per (user, key): replays the stored first result, refuses a reused key. */
  async function idempotent(
    user: AuthUser,
    key: string,
    route: string,
    body: unknown,
    run: () => Promise<Replay>,
  ): Promise<Replay> {
    const scoped = `${user.id}:${key}`;
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const lock = iso(now() + IDEMPOTENCY_LOCK_MS);
    const claimed = await repo.claimKey({
      key: scoped,
      user_id: user.id,
      route,
      request_hash: requestHash,
      locked_until: lock,
      created_at: iso(),
    });
    if (!claimed) {
      const row = (await repo.idempotencyKey(scoped))!;
      if (row.route !== route || row.request_hash !== requestHash)
        throw new AppError(
          409,
          'idempotencyKeyReused',
          'This Idempotency-Key was used for another request',
          'Idempotency-Key',
        );
      if (row.status_code !== null)
        return { statusCode: row.status_code, body: JSON.parse(row.response ?? 'null') };
      const inFlight = row.locked_until !== null && row.locked_until > iso();
      if (inFlight || !(await repo.takeOverKey(scoped, row.locked_until, lock)))
        throw new AppError(
          409,
          'requestInProgress',
          'A request with this Idempotency-Key is in progress',
          'Idempotency-Key',
        );
    }
    let result: Replay;
    try {
      result = await run();
    } catch (err) {
      // A refusal (4xx) is the request's first result; anything else (and a race with another
      // checkout of the same offer) may succeed on a retry.
      if (err instanceof AppError && err.statusCode < 500 && err.code !== CHECKOUT_IN_PROGRESS) {
        result = {
          statusCode: err.statusCode,
          body: { error: { code: err.code, message: err.message, field: err.field } },
        };
      } else {
        await repo.releaseKey(scoped, iso());
        throw err;
      }
    }
    await repo.completeKey(scoped, result.statusCode, JSON.stringify(result.body));
    return result;
  }
  return idempotent;
}
