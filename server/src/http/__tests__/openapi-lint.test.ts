import { describeProblems, lintOpenApi } from '../../testing/openapi-lint';
import { createTestApp, TEST_CSRF, type TestApp } from '../../testing/test-app';
import { operationIdOf } from '../operation-id';

/**
 * The document client generators and linters read: Redocly's recommended rules pass with no error
 * and no warning, so a route cannot land without a name, a security statement or its 4xx answers.
 */
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApiDoc;
const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t.close());

test('the served document passes Redocly recommended rules with no error and no warning', async () => {
  const { errors, warnings } = await lintOpenApi(doc);
  expect(describeProblems([...errors, ...warnings])).toEqual([]);
});

test('the lint fails when an operation has no operationId', async () => {
  const broken = structuredClone(doc);
  delete broken.paths['/api/v1/crm/prospects'].get.operationId;
  const { warnings } = await lintOpenApi(broken);
  expect(describeProblems(warnings)).toEqual([
    'operation-operationId at #/paths/~1api~1v1~1crm~1prospects/get/operationId: Operation object should contain `operationId` field.',
  ]);
});

test('every operation has its own camelCase operationId, the one its route gives', () => {
  const ids = operations().map(({ method, path, op }) => {
    expect(op.operationId).toBe(operationIdOf(method, path));
    expect(op.operationId).toMatch(/^[a-z][a-zA-Z]*$/);
    return op.operationId;
  });
  expect(ids.length).toBeGreaterThan(40);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test('operation names say what the call does', () => {
  const named = Object.fromEntries(operations().map(({ method, path, op }) => [`${method.toUpperCase()} ${path}`, op.operationId]));
  expect(named).toMatchObject({
    'GET /api/v1/crm/prospects': 'listProspects',
    'GET /api/v1/crm/prospects/{id}': 'getProspect',
    'POST /api/v1/crm/prospects': 'createProspect',
    'PUT /api/v1/crm/prospects/{id}': 'updateProspect',
    'DELETE /api/v1/crm/prospects/{id}': 'deleteProspect',
    'POST /api/v1/crm/prospects/change-status': 'changeProspectStatus',
    'GET /api/v1/crm/prospects/{id}/activities': 'listProspectActivities',
    'POST /api/v1/support/messages/{id}/add-to-prospect': 'addSupportMessageToProspect',
    'GET /api/v1/quotations/{id}/pdf': 'getQuotationPdf',
    'POST /api/v1/public/quotations/{token}/accept': 'acceptPublicQuotation',
    'POST /api/v1/auth/password-reset/confirm': 'confirmPasswordReset',
  });
});

test('an operation declares a sign-in exactly when it refuses a caller without one', async () => {
  const wrong: string[] = [];
  for (const { method, path, op } of operations()) {
    const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    const response = await t.request({ method: method.toUpperCase() as 'GET', url });
    const needsSignIn = (op.security ?? []).length > 0;
    if (needsSignIn !== (response.statusCode === 401))
      wrong.push(`${method} ${path}: security ${JSON.stringify(op.security)}, answered ${response.statusCode}`);
  }
  expect(wrong).toEqual([]);
});

test('every operation documents its 4xx answers as { detail }', () => {
  for (const { method, path, op } of operations()) {
    const clientErrors = Object.entries(op.responses).filter(([status]) => status.startsWith('4'));
    expect([`${method} ${path}`, clientErrors.length > 0]).toEqual([`${method} ${path}`, true]);
    for (const [, response] of clientErrors)
      expect([`${method} ${path}`, response.content?.['application/json']?.schema]).toMatchObject([
        `${method} ${path}`,
        { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
      ]);
  }
});

test('413, 414 and 415 are documented on every operation where Fastify can answer them, and it does answer them there', async () => {
  const admin = await t.loginAdmin();
  const csrf = { cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF, authorization: `Bearer ${admin}` };
  const wrong: string[] = [];
  for (const { method, path, op } of operations()) {
    const documented = Object.keys(op.responses);
    const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    const expected: Array<[string, () => Promise<number>]> = [];
    if (['post', 'put', 'patch', 'delete'].includes(method)) {
      expected.push([
        '415',
        async () =>
          (await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...csrf, 'content-type': 'application/xml' }, payload: '<a/>' }))
            .statusCode,
      ]);
      // A length over any limit is refused from the header, before a byte of the body is read.
      expected.push([
        '413',
        async () =>
          (
            await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { ...csrf, 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) },
              payload: '{}',
            })
          ).statusCode,
      ]);
    }
    if (path.includes('{')) {
      const long = path.replace(/\{[^}]+\}/, 'a'.repeat(5000)).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      expected.push([
        '414',
        async () =>
          (await t.app.inject({ method: method.toUpperCase() as 'GET', url: long, headers: csrf, ...(method === 'get' ? {} : { payload: {} }) })).statusCode,
      ]);
    }
    for (const [status, answer] of expected) {
      if (!documented.includes(status)) wrong.push(`${method} ${path}: ${status} not documented`);
      const got = await answer();
      if (String(got) !== status) wrong.push(`${method} ${path}: ${status} documented, answered ${got}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(doc.paths['/api/v1/health'].get.responses['415']).toBeUndefined();
  expect(doc.paths['/api/v1/crm/prospects'].get.responses['414']).toBeUndefined();
});

test('the health probe answers its documented 400 for a path that does not decode', async () => {
  const response = await t.request({ url: '/api/v1/health%' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: expect.any(String) });
});

test('the docs page shows each operation by its name', async () => {
  const initializer = await t.request({ url: '/api/docs/static/swagger-initializer.js' });
  expect(initializer.statusCode).toBe(200);
  expect(initializer.body).toMatch(/"displayOperationId":\s*true/);
});
