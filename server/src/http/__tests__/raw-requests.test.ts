import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Requests as a client may send them on the wire, to the real app listening on a port: some never
 * reach a route (Node's HTTP parser refuses them first) and must still be answered as every error is.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the bytes as they are and reads the answer until the server closes or a whole answer came. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

test.each([
  ['an unknown method', 'FOO /api/v1/crm/tenants HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'The request method is not valid.'],
  ['a method the parser knows and no route takes', 'PROPFIND /api/v1/crm/tenants HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'Method not allowed.'],
  ['a broken request line', 'GET / HTTP/x\r\n\r\n', 400, 'The request is malformed.'],
  ['a header without a colon', 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n', 400, 'The request is malformed.'],
  ['headers over the limit', `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'The request headers are too large.'],
])('%s is answered with its status and a JSON detail, as every error is', async (_what, request, status, detail) => {
  const answer = await raw(request);
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.body)).toEqual({ detail });
});

test('the server goes on answering after refusing a request it could not parse', async () => {
  await raw('FOO / HTTP/1.1\r\n\r\n');
  const answer = await raw('GET /api/v1/crm/tenants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  expect(answer.status).toBe(401);
  expect(Object.keys(JSON.parse(answer.body))).toEqual(['detail']);
});
