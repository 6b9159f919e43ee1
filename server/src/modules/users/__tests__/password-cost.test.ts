import { ConfigError, loadConfig } from '../../../config';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../passwords';

afterEach(() => setPasswordHashCost('standard'));

test("a server hashes passwords with OWASP's argon2id minimum unless told otherwise", async () => {
  const config = loadConfig({});
  expect(config.passwordHashCost).toBe('standard');
  setPasswordHashCost(config.passwordHashCost);
  const stored = await hashPassword('correct horse');
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyPassword(stored, 'correct horse')).toBe(true);
  expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
});

test('the cheap test cost is refused outside NODE_ENV=test', () => {
  for (const NODE_ENV of [undefined, 'development', 'production']) {
    expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: 'test', PUBLIC_URL: 'https://crm.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: 'test', PUBLIC_URL: 'https://crm.example.com' })).toThrow(/NODE_ENV=test only/);
  }
  expect(() => loadConfig({ PASSWORD_HASH_COST: 'low' })).toThrow(/^PASSWORD_HASH_COST: /);
});

test('with the test cost, hashes stay argon2id and a hash of either cost verifies', async () => {
  setPasswordHashCost('standard');
  const standard = await hashPassword('one password');
  setPasswordHashCost(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost);
  const cheap = await hashPassword('one password');
  expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  expect(await verifyPassword(cheap, 'one password')).toBe(true);
  expect(await verifyPassword(cheap, 'another password')).toBe(false);
  expect(await verifyPassword(standard, 'one password')).toBe(true);
});
