import pg from 'pg';
import { contextSelectSql } from './context';

/** The context's statement, prepared once per connection under this name. */
export const CONTEXT_STATEMENT = 'orbitra_context';
export const CONTEXT_STATEMENT_SQL = contextSelectSql(['$1', '$2', '$3']);

/** The parts of node-postgres' Query and Connection this class builds on (not in its typings). */
interface WireConnection {
  bind(config: { portal: string; statement: string; values: readonly string[] }): void;
  execute(config: { portal: string }): void;
  parsedStatements: Record<string, string>;
}
interface QueryInternals {
  prepare(connection: WireConnection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  queryMode?: string;
}
type QueryCallback = (error: Error | undefined, result: pg.QueryResult) => void;
const BaseQuery = pg.Query as unknown as new (config: pg.QueryConfig, values: unknown[] | undefined, callback: QueryCallback) => QueryInternals;

/**
 * A statement sent with its tenant context in one round trip, with its parameters kept as
 * parameters: the messages `Bind orbitra_context(scope, tenants, user); Execute;` go ahead of the
 * statement's own Parse/Bind/Execute, and one Sync ends them. Everything before a Sync is one
 * implicit transaction, so the settings are transaction-local: they hold for the statement, a write
 * is committed before it is answered, and nothing is left on the pooled connection. The context
 * statement's row and completion are not part of the statement's result.
 */
class ContextQuery extends BaseQuery {
  private contextPending = true;

  constructor(
    private readonly contextArgs: readonly string[],
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    callback: QueryCallback,
  ) {
    super(config, values, callback);
    // Even a statement without parameters goes by the extended protocol, behind the context.
    this.queryMode = 'extended';
  }

  override prepare(connection: WireConnection): void {
    connection.bind({ portal: '', statement: CONTEXT_STATEMENT, values: this.contextArgs });
    connection.execute({ portal: '' });
    super.prepare(connection);
  }

  override handleDataRow(message: unknown): void {
    if (!this.contextPending) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.contextPending) this.contextPending = false;
    else super.handleCommandComplete(message, connection);
  }
}

/** Runs one statement on the client behind the context (the context statement is prepared on first use). */
export async function queryInContext(
  client: pg.PoolClient,
  contextArgs: readonly string[],
  config: pg.QueryConfig,
  values?: unknown[],
): Promise<pg.QueryResult> {
  const connection = (client as unknown as { connection: WireConnection }).connection;
  if (connection.parsedStatements[CONTEXT_STATEMENT] === undefined) {
    // Its own implicit transaction: the empty settings end with it.
    await client.query({ name: CONTEXT_STATEMENT, text: CONTEXT_STATEMENT_SQL, values: ['', '{}', ''] });
  }
  return new Promise((resolve, reject) => {
    const query = new ContextQuery(contextArgs, { ...config }, values, (error, result) => (error ? reject(error) : resolve(result)));
    void client.query(query as unknown as pg.Submittable);
  });
}
