import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../../../config';
import { emailAccounts } from '../../../db/schema';
import { DEFAULT_RATE_LIMITS } from '../../../config';
import { expectStatus } from '../../../testing/crm-fixture';
import { createTestApp, tempDir, TEST_EMAIL_KEY, type TestApp } from '../../../testing/test-app';
import { emailKeyFromBytes, resolveEmailKey } from '../email-key';
import { rotateEmailKey, RotationError } from '../key-rotation';
import { decryptPassword, encryptPassword, storedKeyId, UnreadablePasswordError } from '../password-cipher';
import { REVEAL_LIMIT_DETAIL } from '../routes';
import { EMAIL_PASSWORD_UNREADABLE_DETAIL } from '../service';
import { addAccount, newUser, reveal } from './email-accounts-fixture';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { passwordRevealPerUser: DEFAULT_RATE_LIMITS.passwordRevealPerUser } });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

const storedText = async (id: string) => (await t.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0].passwordCiphertext;
const setStored = (id: string, text: string) => t.db.update(emailAccounts).set({ passwordCiphertext: text }).where(eq(emailAccounts.id, id));

test('the stored row holds no plaintext, and the same password is stored differently each time', async () => {
  const owner = await newUser(t, admin, 'cipher');
  const a = await addAccount(t, owner, { email_address: 'a@orbitra.test', provider: 'gmail', password: 'same-password' });
  const b = await addAccount(t, owner, { email_address: 'b@orbitra.test', provider: 'gmail', password: 'same-password' });
  const [textA, textB] = [await storedText(a.id), await storedText(b.id)];
  for (const text of [textA, textB]) {
    expect(text).not.toContain('same-password');
    expect(text).not.toContain(Buffer.from('same-password').toString('base64url'));
    expect(storedKeyId(text)).toBe(TEST_EMAIL_KEY.id);
  }
  expect(textA).not.toBe(textB);
  // Same account, same password, saved again: a fresh IV, so a different stored text.
  const again = encryptPassword(TEST_EMAIL_KEY, a.id, 'same-password');
  expect(again).not.toBe(textA);
  expect(decryptPassword(TEST_EMAIL_KEY, a.id, again)).toBe('same-password');
});

test('a tampered ciphertext, tag, IV or key id, or a ciphertext moved to another row, answers 409 with detail', async () => {
  const owner = await newUser(t, admin, 'tamper');
  const victim = await addAccount(t, owner, { email_address: 'victim@orbitra.test', provider: 'zoho', password: 'victim-password' });
  const donor = await addAccount(t, owner, { email_address: 'donor@orbitra.test', provider: 'zoho', password: 'donor-password' });
  const original = await storedText(victim.id);
  const parts = original.split('.');
  const flip = (text: string) => {
    const bytes = Buffer.from(text, 'base64url');
    bytes[0] ^= 1;
    return bytes.toString('base64url');
  };
  const tampered = [
    [parts[0], parts[1], parts[2], parts[3], flip(parts[4])].join('.'),
    [parts[0], parts[1], parts[2], flip(parts[3]), parts[4]].join('.'),
    [parts[0], parts[1], flip(parts[2]), parts[3], parts[4]].join('.'),
    [parts[0], 'ffffffffffffffff', parts[2], parts[3], parts[4]].join('.'),
    'plain-text-password',
    '',
    await storedText(donor.id),
  ];
  for (const text of tampered) {
    await setStored(victim.id, text);
    const response = await reveal(t, owner, victim.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: EMAIL_PASSWORD_UNREADABLE_DETAIL });
  }
  // The list and the rest of the account still work; entering the password again repairs it.
  expect(expectStatus<unknown[]>(await t.request({ url: '/api/v1/email/accounts', token: owner }), 200)).toHaveLength(2);
  expectStatus(
    await t.request({
      method: 'PUT',
      url: `/api/v1/email/accounts/${victim.id}`,
      token: owner,
      body: { email_address: 'victim@orbitra.test', provider: 'zoho', password: 'typed-again' },
    }),
    200,
  );
  expect(expectStatus(await reveal(t, owner, victim.id), 200)).toEqual({ password: 'typed-again' });
  expect(t.rawLogs.join('\n')).not.toContain('victim-password');
  expect(() => decryptPassword(TEST_EMAIL_KEY, donor.id, original)).toThrow(UnreadablePasswordError);
});

test('more than 30 reveals a minute by one user answer 429 with detail; other users are not held up', async () => {
  const owner = await newUser(t, admin, 'eager');
  const account = await addAccount(t, owner, { email_address: 'eager@orbitra.test', provider: 'yahoo', password: 'p' });
  for (let i = 0; i < 30; i++) expect((await reveal(t, owner, account.id)).statusCode).toBe(200);
  // A different address does not help: the limit is the user's.
  const blocked = await t.request({ url: `/api/v1/email/accounts/${account.id}/password`, token: owner, remoteAddress: '10.1.2.3' });
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual({ detail: REVEAL_LIMIT_DETAIL });
  const other = await newUser(t, admin, 'patient');
  const theirs = await addAccount(t, other, { email_address: 'patient@orbitra.test', provider: 'yahoo', password: 'q' });
  expect((await reveal(t, other, theirs.id)).statusCode).toBe(200);
});

test('key rotation re-encrypts every row under the new key in one transaction, and round-trips every password', async () => {
  const owners = [await newUser(t, admin, 'rotate1'), await newUser(t, admin, 'rotate2')];
  const passwords = new Map<string, string>();
  for (const [i, owner] of owners.entries()) {
    for (const provider of ['gmail', 'outlook']) {
      const password = `pw-${i}-${provider}-ünïcode-${crypto.randomBytes(4).toString('hex')}`;
      passwords.set((await addAccount(t, owner, { email_address: `${provider}${i}@orbitra.test`, provider, password })).id, password);
    }
  }
  const next = emailKeyFromBytes(crypto.randomBytes(32));

  // One unreadable row stops the whole rotation: nothing moves to the new key.
  const broken = await addAccount(t, owners[1], { email_address: 'broken@orbitra.test', provider: 'gmail', password: 'lost' });
  await setStored(broken.id, 'v1.0000000000000000.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA');
  await expect(rotateEmailKey(t.scoped.asSystem('mailbox key rotation'), TEST_EMAIL_KEY, next)).rejects.toThrow(RotationError);
  for (const row of await t.db.select().from(emailAccounts)) {
    expect(storedKeyId(row.passwordCiphertext)).not.toBe(next.id);
  }
  await t.db.delete(emailAccounts).where(eq(emailAccounts.id, broken.id));

  const result = await rotateEmailKey(t.scoped.asSystem('mailbox key rotation'), TEST_EMAIL_KEY, next);
  const rows = await t.db.select().from(emailAccounts);
  expect(result).toEqual({ rotated: rows.length, alreadyCurrent: 0 });
  for (const row of rows) {
    expect(storedKeyId(row.passwordCiphertext)).toBe(next.id);
    const expected = passwords.get(row.id);
    const clear = decryptPassword(next, row.id, row.passwordCiphertext);
    if (expected) expect(clear).toBe(expected);
  }
  // The server still on the old key says so instead of failing.
  const [firstId] = passwords.keys();
  const stale = await reveal(t, owners[0], firstId);
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toEqual({ detail: EMAIL_PASSWORD_UNREADABLE_DETAIL });
  // A repeated run finds everything already under the new key.
  expect(await rotateEmailKey(t.scoped.asSystem('mailbox key rotation'), TEST_EMAIL_KEY, next)).toEqual({ rotated: 0, alreadyCurrent: rows.length });
});

describe('EMAIL_SECRET_KEY', () => {
  test('production refuses to start without it, with a message that says what to set', () => {
    expect(() => resolveEmailKey({ emailSecretKey: undefined, isProduction: true, dataDir: '/nowhere' })).toThrow(ConfigError);
    expect(() => resolveEmailKey({ emailSecretKey: undefined, isProduction: true, dataDir: '/nowhere' })).toThrow(
      /EMAIL_SECRET_KEY is required when NODE_ENV=production.*openssl rand -base64 32/,
    );
  });

  test.each(['too-short', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), 'not base64 at all!!'])(
    'a value that is not 32 bytes of base64 (%s) is refused',
    (value) => {
      expect(() => resolveEmailKey({ emailSecretKey: value, isProduction: true, dataDir: '/nowhere' })).toThrow(
        'EMAIL_SECRET_KEY must be 32 random bytes in base64',
      );
    },
  );

  test('a valid key is used as given, with a stable id that is not the key', () => {
    const text = crypto.randomBytes(32).toString('base64');
    const resolved = resolveEmailKey({ emailSecretKey: text, isProduction: true, dataDir: '/nowhere' });
    expect(resolved.source).toBe('EMAIL_SECRET_KEY');
    expect(resolved.key.key.toString('base64')).toBe(text);
    expect(resolved.key.id).toMatch(/^[0-9a-f]{16}$/);
    expect(text).not.toContain(resolved.key.id);
    expect(resolveEmailKey({ emailSecretKey: text, isProduction: false, dataDir: '/nowhere' }).key.id).toBe(resolved.key.id);
  });

  test('outside production, unset: generated once into DATA_DIR with mode 0600 and reused', () => {
    const { dir, remove } = tempDir('email-key-');
    try {
      const first = resolveEmailKey({ emailSecretKey: undefined, isProduction: false, dataDir: dir });
      const file = path.join(dir, 'email-secret-key');
      expect(first.source).toBe(file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveEmailKey({ emailSecretKey: undefined, isProduction: false, dataDir: dir }).key.id).toBe(first.key.id);
    } finally {
      remove();
    }
  });
});
