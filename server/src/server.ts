import { buildApp, DUE_SOURCES } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ClusterError } from './db/embedded/cluster';
import { runMigrations } from './db/migrate';
import { checkAppLogin, checkReadAppLogin } from './db/wall/app-login';
import { isDatabaseUnavailable } from './db/database-away';
import { trackConnections } from './http/drain';
import { ensureInitialAdmin, seedDemo, type SeedResult } from './seed/seed';
import { resolveAuthSecret } from './modules/auth';
import { resolveEmailKey } from './modules/email-accounts';
import { setPasswordHashCost } from './modules/users';
import { startMailWorker } from './mail/mail-worker';
import { serverFollowups } from './modules/quotations';
import { notificationSweep } from './modules/notifications';
import { mailboxFetch } from './modules/record-mails';
import { scopedDatabase } from './tenancy/database';

function printDemoLogins(result: SeedResult, url: string) {
  const lines = result.logins.map((login) => `  ${login.role.padEnd(5)}  ${login.email}  /  ${login.password ?? '(password from ADMIN_PASSWORD)'}`);
  console.log(['', `Orbitra is running at ${url}`, 'Demo logins (development only):', ...lines, ''].join('\n'));
}

async function main() {
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const { secret, source } = resolveAuthSecret(config);
  const emailKey = resolveEmailKey(config);
  const handle = await openDatabase(config, { keepOpen: true }, (line) => console.warn(line));
  await runMigrations(handle);
  const database = scopedDatabase(handle);
  await checkAppLogin(handle);
  await checkReadAppLogin(handle, (line) => console.warn(line));

  let seed: SeedResult | null = null;
  let adminNote: string | null = null;
  if (config.isProduction) adminNote = await ensureInitialAdmin(handle, config);
  else seed = await seedDemo(handle, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, linkSecret: secret });

  const app = await buildApp({
    config,
    database: handle,
    authSecret: secret,
    emailKey: emailKey.key,
  });
  // Started before the first request: on PostgreSQL it makes the queue's schema the outbox hands jobs to.
  // The app's own mailer: the routes that queue mail and the worker that delivers it are one setup.
  const { mailer } = app;
  // Scheduled work is the system's: each job names its reason on this database.
  const followups = serverFollowups(database, { authSecret: secret, config, mailConfigured: mailer.configured });
  const notifications = notificationSweep(database, { dueSources: DUE_SOURCES, publicUrl: config.publicUrl, mailConfigured: mailer.configured });
  // Every connected mailbox's new mail, filed on its records: scheduled work like the follow-ups, whichever worker runs the minute.
  const mailboxes = mailboxFetch(database, { key: emailKey.key, mail: { rule: config.mailHosts }, log: app.log });
  const mailWorker = await startMailWorker({
    handle,
    scheduled: () => Promise.all([followups.run(), notifications.run(), mailboxes.run()]),
    mailer,
    log: app.log,
  });
  app.log.info(
    {
      database: handle.description,
      signingKey: source === 'AUTH_SECRET' ? 'from AUTH_SECRET' : `generated, kept in ${source}`,
      mailboxPasswordKey: `${emailKey.source === 'EMAIL_SECRET_KEY' ? 'from EMAIL_SECRET_KEY' : `generated, kept in ${emailKey.source}`} (key id ${emailKey.key.id})`,
    },
    'database migrated',
  );
  if (handle.moved)
    app.log.info(
      { keptAt: handle.moved.keptAt, backup: handle.moved.backup, tables: handle.moved.tables },
      'the embedded data folder from before was moved into the embedded PostgreSQL (the old folder is kept, renamed)',
    );
  if (seed?.created.length) app.log.info({ created: seed.created }, 'demo data seeded');
  if (adminNote) app.log.info(adminNote);

  // Drain on SIGTERM/SIGINT: app.close() stops accepting and lets requests in flight finish (Fastify
  // answers them with Connection: close), open connections close once quiet, then the database
  // closes and the process exits 0. Past 10 s, 1.
  const connections = trackConnections(app.server);
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.log.info(`${signal} received, draining`);
    const force = setTimeout(() => {
      app.log.error('requests still in flight after 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    let code = 0;
    const stopClosing = connections.closeQuietConnections();
    try {
      await app.close();
      stopClosing();
      await mailWorker.stop();
      await handle.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    app.log.info('drained, exiting');
    process.exit(code);
  };
  // A database that goes away must not stop the server: a statement some library started and left
  // unwatched (the queue recording a job's end) fails, is logged, and the server goes on. Anything
  // else unhandled still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: reason instanceof Error ? reason.message : String(reason) }, 'database unavailable (background work)');
      return;
    }
    app.log.fatal({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (seed) printDemoLogins(seed, config.publicUrl);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ClusterError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
