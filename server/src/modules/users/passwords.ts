import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
 * @node-rs/argon2 rather than `argon2`: the latter's native build crashes on this platform.
 */
const STANDARD = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/**
 * The test suites' cost (config PASSWORD_HASH_COST=test, refused unless NODE_ENV=test): the same
 * argon2id hashes, a thousand times cheaper, as the suites sign in thousands of times.
 */
const TEST_ONLY = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

let options: typeof STANDARD | typeof TEST_ONLY = STANDARD;

/** Chosen once at start from the config (server.ts, the test app); verifying reads the cost from each hash. */
export function setPasswordHashCost(cost: 'standard' | 'test'): void {
  options = cost === 'test' ? TEST_ONLY : STANDARD;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifying against a throwaway hash when the account does not exist makes a failed login take
 * as long as one with a wrong password, so timing does not reveal which emails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
