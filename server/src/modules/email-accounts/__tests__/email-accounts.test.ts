import { eq } from 'drizzle-orm';
import { emailAccountListSchema, EMAIL_ACCOUNT_REQUIRED, type EmailAccount } from '@app/shared/contracts';
import { auditEvents, emailAccounts } from '../../../db/schema';
import { expectStatus } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { EMAIL_ACCOUNT_DUPLICATE_DETAIL, EMAIL_ACCOUNT_NOT_FOUND_DETAIL, WEB_INTERFACE_UNAVAILABLE_DETAIL } from '../service';
import { ACCOUNTS, addAccount, newUser, reveal } from './email-accounts-fixture';

let t: TestApp;
let admin: string;
let staff: string;
let validationOwner: string;
let validationAccount: EmailAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  staff = await t.loginStaff();
  validationOwner = await newUser(t, admin, 'validation');
  validationAccount = await addAccount(t, validationOwner, { email_address: 'kept@orbitra.test', provider: 'gmail', password: 'unchanged' });
});
afterAll(() => t.close());

const list = async (token: string) => emailAccountListSchema.parse(expectStatus(await t.request({ url: ACCOUNTS, token }), 200));

test('create, list, update with and without a new password, delete', async () => {
  const owner = await newUser(t, admin, 'crud');
  const created = await addAccount(t, owner, { email_address: '  Sales@Orbitra.Test ', provider: 'gmail', password: 'first pass' });
  expect(created).toMatchObject({ email_address: 'sales@orbitra.test', provider: 'gmail', is_active: true, last_revealed_at: null });
  expect(await list(owner)).toEqual([created]);

  // The edit form starts with an empty password: it keeps the stored one.
  const renamed = expectStatus<EmailAccount>(
    await t.request({
      method: 'PUT',
      url: `${ACCOUNTS}/${created.id}`,
      token: owner,
      body: { email_address: 'team@orbitra.test', provider: 'zoho', password: '' },
    }),
    200,
  );
  expect(renamed).toMatchObject({ id: created.id, email_address: 'team@orbitra.test', provider: 'zoho' });
  expect(expectStatus(await reveal(t, owner, created.id), 200)).toEqual({ password: 'first pass' });
  expectStatus(
    await t.request({ method: 'PUT', url: `${ACCOUNTS}/${created.id}`, token: owner, body: { email_address: 'team@orbitra.test', provider: 'zoho' } }),
    200,
  );
  expect(expectStatus(await reveal(t, owner, created.id), 200)).toEqual({ password: 'first pass' });

  expectStatus(
    await t.request({
      method: 'PUT',
      url: `${ACCOUNTS}/${created.id}`,
      token: owner,
      body: { email_address: 'team@orbitra.test', provider: 'zoho', password: 'second pass ✓' },
    }),
    200,
  );
  expect(expectStatus(await reveal(t, owner, created.id), 200)).toEqual({ password: 'second pass ✓' });

  const removed = await t.request({ method: 'DELETE', url: `${ACCOUNTS}/${created.id}`, token: owner });
  expect(removed.statusCode).toBe(204);
  expect(removed.body).toBe('');
  expect(await list(owner)).toEqual([]);
  expect((await t.request({ method: 'DELETE', url: `${ACCOUNTS}/${created.id}`, token: owner })).json()).toEqual({ detail: EMAIL_ACCOUNT_NOT_FOUND_DETAIL });
});

test('the reveal answers no-store, is audited without the password, and the list shows when it happened', async () => {
  const owner = await newUser(t, admin, 'audited');
  const account = await addAccount(t, owner, { email_address: 'audit@orbitra.test', provider: 'outlook', password: 'audit-secret-77' });
  const answer = await t.request({ url: `${ACCOUNTS}/${account.id}/password`, token: owner, remoteAddress: '10.9.8.7' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');

  // Adding the mailbox is an entry of its own; the reveal is one more.
  const events = (await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, account.id))).filter(
    (event) => event.action === 'email_account.password_revealed',
  );
  expect(events).toHaveLength(1);
  const ownerId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: owner }), 200)._id;
  expect(events[0]).toMatchObject({ actorUserId: ownerId, action: 'email_account.password_revealed', targetType: 'email_account', clientIp: '10.9.8.7' });
  expect(JSON.stringify(events)).not.toContain('audit-secret-77');

  const [listed] = await list(owner);
  expect(listed.last_revealed_at).toBe(events[0].createdAt.toISOString());
});

test('the same address twice for one user is 409; another user may keep the same address', async () => {
  const owner = await newUser(t, admin, 'dupes');
  const first = await addAccount(t, owner, { email_address: 'shared@orbitra.test', provider: 'gmail', password: 'x' });
  const again = await t.request({
    method: 'POST',
    url: ACCOUNTS,
    token: owner,
    body: { email_address: 'SHARED@orbitra.test', provider: 'yahoo', password: 'y' },
  });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: EMAIL_ACCOUNT_DUPLICATE_DETAIL });
  const second = await addAccount(t, owner, { email_address: 'other@orbitra.test', provider: 'gmail', password: 'z' });
  const clash = await t.request({
    method: 'PUT',
    url: `${ACCOUNTS}/${second.id}`,
    token: owner,
    body: { email_address: first.email_address, provider: 'gmail' },
  });
  expect(clash.statusCode).toBe(409);
  await addAccount(t, staff, { email_address: 'shared@orbitra.test', provider: 'gmail', password: 'mine' });
  expect(await list(owner)).toHaveLength(2);
});

test.each([
  ['no address', { provider: 'gmail', password: 'p' }, `email_address: ${EMAIL_ACCOUNT_REQUIRED}`],
  ['empty address', { email_address: '', provider: 'gmail', password: 'p' }, `email_address: ${EMAIL_ACCOUNT_REQUIRED}`],
  ['not an address', { email_address: 'not-an-address', provider: 'gmail', password: 'p' }, 'email_address: Please enter a valid email address'],
  [
    'address over 254 characters',
    { email_address: `${'a'.repeat(250)}@x.io`, provider: 'gmail', password: 'p' },
    'email_address: Email address must be at most 254 characters',
  ],
  ['unknown provider', { email_address: 'a@b.io', provider: 'aol', password: 'p' }, 'provider: Please choose a provider: zoho, gmail, outlook, yahoo, other'],
  ['no provider', { email_address: 'a@b.io', password: 'p' }, 'provider: Please choose a provider: zoho, gmail, outlook, yahoo, other'],
  ['empty password', { email_address: 'a@b.io', provider: 'gmail', password: '' }, `password: ${EMAIL_ACCOUNT_REQUIRED}`],
  ['no password', { email_address: 'a@b.io', provider: 'gmail' }, `password: ${EMAIL_ACCOUNT_REQUIRED}`],
  [
    'password over 1,024 characters',
    { email_address: 'a@b.io', provider: 'gmail', password: 'x'.repeat(1025) },
    'password: Password must be at most 1024 characters',
  ],
  [
    'NUL in the password',
    { email_address: 'a@b.io', provider: 'gmail', password: 'nul\0inside' },
    'password: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters',
  ],
  [
    'lone surrogate in the password',
    { email_address: 'a@b.io', provider: 'gmail', password: 'lone \uD800 surrogate' },
    'password: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters',
  ],
  [
    'NUL in the address',
    { email_address: 'a\0b@c.io', provider: 'gmail', password: 'p' },
    'email_address: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters',
  ],
  ['address of the wrong type', { email_address: 42, provider: 'gmail', password: 'p' }, `email_address: ${EMAIL_ACCOUNT_REQUIRED}`],
  ['password of the wrong type', { email_address: 'a@b.io', provider: 'gmail', password: ['p'] }, `password: ${EMAIL_ACCOUNT_REQUIRED}`],
])('%s answers 400 naming the field, and nothing is saved', async (_case, body, detail) => {
  // An edit without a password is valid (it keeps the stored one), so those cases are for adding only.
  const password = (body as { password?: unknown }).password;
  const methods = password === undefined || password === '' ? (['POST'] as const) : (['POST', 'PUT'] as const);
  for (const method of methods) {
    const url = method === 'POST' ? ACCOUNTS : `${ACCOUNTS}/${validationAccount.id}`;
    const response = await t.request({ method, url, token: validationOwner, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  }
  const { last_revealed_at: _revealed, ...unchanged } = validationAccount;
  expect(await list(validationOwner)).toEqual([expect.objectContaining(unchanged)]);
  expect(expectStatus(await reveal(t, validationOwner, validationAccount.id), 200)).toEqual({ password: 'unchanged' });
});

test('a password of exactly 1,024 characters and a megabyte body are handled without a 500', async () => {
  const owner = await newUser(t, admin, 'sizes');
  const long = 'p'.repeat(1024);
  const account = await addAccount(t, owner, { email_address: 'long@orbitra.test', provider: 'yahoo', password: long });
  expect(expectStatus(await reveal(t, owner, account.id), 200)).toEqual({ password: long });
  const huge = await t.request({
    method: 'POST',
    url: ACCOUNTS,
    token: owner,
    body: { email_address: 'huge@orbitra.test', provider: 'yahoo', password: 'h'.repeat(1_000_000) },
  });
  expect(huge.statusCode).toBe(400);
  expect(huge.json().detail).toBe('password: Password must be at most 1024 characters');
});

test('another user, staff or admin, gets 404 on reveal, update, delete and the URL, and never sees the account', async () => {
  const owner = await newUser(t, admin, 'private');
  const account = await addAccount(t, owner, { email_address: 'private@orbitra.test', provider: 'gmail', password: 'only-mine' });
  const otherStaff = await newUser(t, admin, 'nosy');
  const otherAdmin = await newUser(t, admin, 'nosyadmin', { is_admin: true });
  for (const intruder of [staff, otherStaff, admin, otherAdmin]) {
    expect((await list(intruder)).map((a) => a.id)).not.toContain(account.id);
    const attempts = [
      await reveal(t, intruder, account.id),
      await t.request({ url: `/api/v1/email/web-interface-url/${account.id}`, token: intruder }),
      await t.request({
        method: 'PUT',
        url: `${ACCOUNTS}/${account.id}`,
        token: intruder,
        body: { email_address: 'stolen@x.io', provider: 'gmail', password: 'new' },
      }),
      await t.request({ method: 'DELETE', url: `${ACCOUNTS}/${account.id}`, token: intruder }),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual({ detail: EMAIL_ACCOUNT_NOT_FOUND_DETAIL });
    }
  }
  expect(await list(owner)).toEqual([account]);
  expect(expectStatus(await reveal(t, owner, account.id), 200)).toEqual({ password: 'only-mine' });
  expect((await t.request({ url: ACCOUNTS })).statusCode).toBe(401);
  expect((await t.request({ url: `${ACCOUNTS}/${account.id}/password` })).statusCode).toBe(401);
  expect((await t.request({ url: `${ACCOUNTS}/not-a-uuid/password`, token: owner })).statusCode).toBe(400);
});

test('web interface URL of each provider; an unknown stored provider answers 400 naming the allowed ones', async () => {
  const owner = await newUser(t, admin, 'webmail');
  const expected = {
    zoho: 'https://mail.zoho.com',
    gmail: 'https://mail.google.com',
    outlook: 'https://outlook.live.com/mail',
    yahoo: 'https://mail.yahoo.com',
  };
  for (const [provider, url] of Object.entries(expected)) {
    const account = await addAccount(t, owner, { email_address: `${provider}@orbitra.test`, provider, password: 'p' });
    expect(expectStatus(await t.request({ url: `/api/v1/email/web-interface-url/${account.id}`, token: owner }), 200)).toEqual({ url });
  }
  const legacy = await addAccount(t, owner, { email_address: 'legacy@orbitra.test', provider: 'gmail', password: 'p' });
  await t.db.update(emailAccounts).set({ provider: 'aol' }).where(eq(emailAccounts.id, legacy.id));
  const response = await t.request({ url: `/api/v1/email/web-interface-url/${legacy.id}`, token: owner });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: WEB_INTERFACE_UNAVAILABLE_DETAIL });
  expect(WEB_INTERFACE_UNAVAILABLE_DETAIL).toContain('zoho, gmail, outlook, yahoo');
  expect((await list(owner)).find((a) => a.id === legacy.id)?.provider).toBe('aol');
});

test('the password appears in no response but the reveal, in no log line and not in the OpenAPI document', async () => {
  const secret = 'Tr0ub4dor&3-log-canary';
  const owner = await newUser(t, admin, 'canary');
  t.rawLogs.length = 0;
  const bodies: string[] = [];
  const account = await addAccount(t, owner, { email_address: 'canary@orbitra.test', provider: 'gmail', password: secret });
  bodies.push(JSON.stringify(account));
  for (const response of [
    await t.request({ url: ACCOUNTS, token: owner }),
    await t.request({
      method: 'PUT',
      url: `${ACCOUNTS}/${account.id}`,
      token: owner,
      body: { email_address: 'canary@orbitra.test', provider: 'yahoo', password: secret },
    }),
    await t.request({ method: 'POST', url: ACCOUNTS, token: owner, body: { email_address: 'canary@orbitra.test', provider: 'gmail', password: secret } }),
    await t.request({ method: 'POST', url: ACCOUNTS, token: owner, body: { email_address: 'bad', provider: 'gmail', password: `${secret}\0` } }),
    await t.request({ method: 'POST', url: ACCOUNTS, token: owner, body: { email_address: 'x@y.io', provider: secret, password: secret } }),
    await t.request({ url: `/api/v1/email/web-interface-url/${account.id}`, token: owner }),
  ]) {
    expect(response.statusCode).toBeLessThan(500);
    bodies.push(response.body);
  }
  expect(bodies.join('\n')).not.toContain(secret);
  expect(expectStatus(await reveal(t, owner, account.id), 200)).toEqual({ password: secret });
  expect(t.rawLogs.length).toBeGreaterThan(5);
  expect(t.rawLogs.join('\n')).not.toContain(secret);

  const rows = await t.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
  expect(rows[0].passwordCiphertext).not.toContain(secret);

  const doc = await t.request({ url: '/api/openapi.json' });
  const spec = doc.json() as { paths: Record<string, unknown> };
  expect(Object.keys(spec.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/email/accounts',
      '/api/v1/email/accounts/{id}',
      '/api/v1/email/accounts/{id}/password',
      '/api/v1/email/web-interface-url/{id}',
    ]),
  );
  expect(doc.body).not.toMatch(/"examples?"/);
  const listed = JSON.stringify(spec.paths['/api/v1/email/accounts']);
  expect(JSON.parse(listed).get.responses['200'].content['application/json'].schema.items.properties).not.toHaveProperty('password');
});
