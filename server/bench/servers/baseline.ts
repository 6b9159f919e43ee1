/**
 * The baseline of the list benchmarks: a bare Fastify route per query, sending the same page
 * query (prospects, leads; and the same search query) straight through `pg` as the owner (a pool
 * of 10, as the app's), no auth, no checks, no total, no mapping: the most the database and Node
 * can do for that page.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { openOwner } from '../../src/testing/owner-db';
import { announce, runServer, stopOnTerm } from './db-from-env';
import { startProfileIfAsked } from './profile';
import { LEADS_PAGE_SQL, PAGE_SQL, QUOTATION_PAGE_SQL, SEARCH_SQL } from '../lib/bare-sql';

async function main() {
  const stopProfile = await startProfileIfAsked();
  // Bare: as the owner, without the app role's tenant wall (which, with no context, would filter every row out).
  const handle = openOwner(process.env.BENCH_DATABASE!, 10);
  const query = async (text: string, params: unknown[]) => (await handle.pool.query(text, params)).rows;

  const app = Fastify({ logger: false });
  app.get<{ Querystring: { tenant_id: string } }>('/page', async (request) => query(PAGE_SQL, [request.query.tenant_id]));
  app.get<{ Querystring: { tenant_id: string } }>('/leads-page', async (request) => query(LEADS_PAGE_SQL, [request.query.tenant_id]));
  app.get<{ Querystring: { tenant_id: string } }>('/quotations-page', async (request) => query(QUOTATION_PAGE_SQL, [request.query.tenant_id]));
  app.get<{ Querystring: { tenant_id: string; q: string } }>('/search', async (request) =>
    query(SEARCH_SQL, [request.query.tenant_id, `%${request.query.q.toLowerCase()}%`]),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  announce((app.server.address() as AddressInfo).port);
  stopOnTerm(
    stopProfile,
    () => app.close(),
    () => handle.close(),
  );
}

runServer(main);
