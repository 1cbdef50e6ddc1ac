import { hash, verify } from '@node-rs/argon2';
import { createPasswordHasher, HASHER_LIMITS, type HashEngine } from '../../src/infra/password-hasher';

/**
 * The app's password hasher over real argon2, counting the verifies, with queues long enough that
 * the limiter under test, not the hashing queue, decides a burst.
 */
export function countingPasswordHasher() {
  const counter = { verifies: 0 };
  const engine: HashEngine = {
    verify: async (hashed, password) => {
      counter.verifies++;
      return verify(hashed, password);
    },
    hash: (password, options) => hash(password, options),
    close: async () => {},
  };
  const passwords = createPasswordHasher({
    engine,
    concurrency: 2,
    limits: { ...HASHER_LIMITS, queuedPerSource: 1000, queued: 1000 },
  });
  return { passwords, counter };
}
