import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { configuredRateLimits, fastifyTrustProxy, type AppConfig, type RateLimitSettings } from './config';
import type { DatabaseHandle } from './db/client';
import { scopedDatabase } from './tenancy/database';
import { limitBodilessRoutes } from './http/body-limits';
import { registerCompression } from './http/compression';
import { registerCsrf } from './http/csrf';
import { registerLinkOrigin } from './http/link-origin';
import { trackAllowedMethods } from './http/allowed-methods';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/errors';
import { loggerOptions, type LogStream } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limit-store';
import { databaseCounterStore } from './http/shared-counters';
import { registerNoStore } from './http/no-store';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { registerUnsafeTextGuard } from './http/unsafe-text';
import { createMailer, type Mailer } from './mail/mailer';
import { auditRoutes } from './modules/audit';
import {
  registerAuthentication,
  registerStaffArea,
  FailureLimiter,
  authRoutes,
  authService,
  ResetRequestLimiter,
  SessionCache,
  userSessions,
} from './modules/auth';
import { callbackDueSource, callQueueRoutes, callQueueService } from './modules/call-queue';
import { dashboardRoutes, dashboardService } from './modules/dashboard';
import { todayRoutes } from './modules/today';
import { resolveEmailKey, type EmailKey, emailAccountsRoutes, emailAccountsService } from './modules/email-accounts';
import { goalsRoutes } from './modules/goals';
import { databaseProbe, healthRoutes } from './modules/health';
import { leadsRoutes } from './modules/leads';
import { listExportsRoutes, listExportsService } from './modules/list-exports';
import { notesRoutes } from './modules/notes';
import { mailTemplatesService, recordMailsRoutes, withMailboxDelivery } from './modules/record-mails';
import { calendarRoutes, taskDueSource, tasksRoutes, tasksService } from './modules/tasks';
import { type DueSource, notificationsRoutes, notificationsService } from './modules/notifications';
import { ownersRoutes } from './modules/owners';
import { pipelineStagesRoutes } from './modules/pipeline-stages';
import { productsRoutes } from './modules/products';
import { importsRoutes, importsService } from './modules/imports';
import { importedProspects, prospectsRoutes, prospectsService, prospectStatusService, uploadChecker } from './modules/prospects';
import {
  pdfRenderer,
  publicQuotationRoutes,
  publicQuotationsService,
  quotationsRoutes,
  quotationsService,
  sendLimiter,
  shareLinks,
} from './modules/quotations';
import { savedViewsRoutes } from './modules/saved-views';
import { statusOptionsRoutes } from './modules/status-options';
import { teamsRoutes, teamsService } from './modules/teams';
import { supportRoutes, supportService } from './modules/support';
import { tenantsRoutes } from './modules/tenants';
import { quotationProfileRoutes, quotationProfilesService } from './modules/quotation-profiles';
import { usersRoutes, usersService } from './modules/users';
import { releasesRoutes, releasesService, releaseStores, remotesManifest } from './modules/releases';
import { reportsRoutes } from './modules/reports';

/** What comes due and tells its user: the bell checks them on each read, the sweep every minute (server.ts). */
export const DUE_SOURCES: readonly DueSource[] = [callbackDueSource, taskDueSource];

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mailer of this server: the routes queue mail with it, server.ts's worker delivers with it. */
    mailer: Mailer;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /**
   * An open, migrated database (src/db/client.ts, src/db/migrate.ts): handed out per caller
   * (tenancy/database.ts), with its reads (a replica's with DATABASE_READ_URL, db/read-replica.ts).
   */
  database: Pick<DatabaseHandle, 'contextDb' | 'reads'>;
  /** Signs access tokens (modules/auth/auth-secret.ts resolves it from the config). */
  authSecret: string;
  /** Encrypts the stored mailbox passwords (modules/email-accounts/email-key.ts resolves it from the config). */
  emailKey?: EmailKey;
  /** Defaults to SMTP when SMTP_URL is set, else the log. */
  mailer?: Mailer;
  /** false: no logging; a stream: JSON lines go there (tests read them). Default: stdout at LOG_LEVEL. */
  logger?: boolean | { stream: LogStream; level?: string };
  /** Limits other than the configured ones (configuredRateLimits): the tests' own. */
  rateLimits?: Partial<RateLimitSettings>;
  /** The time call-queue claims, callbacks and calls made are measured against (tests move it). Default: the system clock. */
  clock?: () => Date;
  /** The time access tokens, refresh tokens and sessions are measured against (tests move it). Default: the system clock. */
  authClock?: () => Date;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, authSecret } = options;
  const database = scopedDatabase(options.database);
  const { reads } = options.database;
  const emailKey = options.emailKey ?? resolveEmailKey(config).key;
  const rateLimits: RateLimitSettings = { ...configuredRateLimits(config), ...options.rateLimits };

  const logger =
    options.logger === false
      ? false
      : typeof options.logger === 'object'
        ? loggerOptions(options.logger.level ?? config.logLevel, options.logger.stream)
        : loggerOptions(config.logLevel);

  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Request ids from the client are not trusted (they would let callers forge log correlation).
    requestIdHeader: false,
    frameworkErrors,
    clientErrorHandler,
    // While the server drains, a request that still arrives on an open connection is served (and
    // its connection closed after), not refused with a bare 503.
    return503OnClosing: false,
    // Closing does not reset idle connections: one may be carrying a request not yet parsed.
    // server.ts closes them once they are quiet (http/drain.ts).
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, config.bodyLimitBytes);
  registerUnsafeTextGuard(app);
  limitBodilessRoutes(app);
  const allowedMethods = trackAllowedMethods(app, API_PREFIX);

  const https = config.publicUrl.startsWith('https:');
  await app.register(cookie);
  await registerCompression(app);
  // Published versions load from CDN_PUBLIC_URL: its origin is allowed as the remotes' are.
  await registerSecurityHeaders(app, {
    remoteAddresses: [...Object.values(config.mfRemotes), config.cdnPublicUrl],
    https,
    scriptHashes: inlineScriptHashes(config.shellDist),
  });
  registerNoStore(app);
  registerCsrf(app, { secureCookie: https });
  registerLinkOrigin(app, config);
  // Limits count in the database, shared by every instance; only the rare limited routes pay the write.
  const counters = databaseCounterStore(database.asSystem('security counters'));
  await registerRateLimits(app, counters);
  await registerOpenApi(app);
  const sessionCache = new SessionCache(config.sessionCacheTtlMs);
  registerAuthentication(app, { database, secret: authSecret, sessionCache, clock: options.authClock });

  // The replica's outages go to the server's log, once each (db/read-replica.ts).
  reads.useLog(app.log);
  // Mail written on records goes out through its users' mailboxes; every other mail through SMTP_URL.
  const mailer = withMailboxDelivery(options.mailer ?? createMailer(config, app.log), { database, key: emailKey, mail: { rule: config.mailHosts } });
  app.decorate('mailer', mailer);
  const auth = authService({
    database,
    secret: authSecret,
    mailer,
    accountLimiter: new FailureLimiter(counters, rateLimits.loginFailuresPerAccount.max, rateLimits.loginFailuresPerAccount.windowMs),
    resetLimiter: new ResetRequestLimiter(counters, rateLimits.passwordResetsPerAccount.max, rateLimits.passwordResetsPerAccount.windowMs),
    sessionCache,
    clock: options.authClock,
  });

  const links = shareLinks(authSecret, config.publicOrigin);
  // The release manifest in the database (carried over from CDN_DIR's manifest.json the first time it
  // is read), and the published versions in the CDN folder or the bucket.
  const releases = releaseStores(database, { cdnDir: config.cdnDir, bucket: config.cdnBucket });
  // On the first start after the manifest moved into the database, its row is made from the file now.
  app.addHook('onReady', async () => {
    await releases.manifest
      .read()
      .catch((error: unknown) => app.log.warn({ err: error }, 'The release manifest cannot be read yet; remotes run their built-in builds until it can.'));
  });
  // Quotation PDFs are drawn on worker threads, so a large one never holds the request thread.
  const pdfs = pdfRenderer({ threads: config.pdfWorkers });
  app.addHook('onClose', () => pdfs.close());
  const uploadChecks = uploadChecker();
  app.addHook('onClose', () => uploadChecks.close());

  await app.register(
    async (api) => {
      // Before the routes: the staff areas' routes learn the staff check as they are added.
      registerStaffArea(api, API_PREFIX);
      await api.register(healthRoutes, { probeDatabase: databaseProbe(database) });
      await api.register(authRoutes, { service: auth, rateLimits, httpsSite: https });
      await api.register(auditRoutes);
      await api.register(usersRoutes, { service: usersService({ sessions: userSessions(sessionCache) }) });
      await api.register(tenantsRoutes);
      await api.register(quotationProfileRoutes, { service: quotationProfilesService(pdfs.judgeLogo) });
      await api.register(statusOptionsRoutes);
      await api.register(pipelineStagesRoutes);
      await api.register(productsRoutes);
      await api.register(teamsRoutes, { service: teamsService({ forgetUsers: (ids) => sessionCache.forgetUsers(ids) }) });
      const prospects = prospectsService(uploadChecks);
      const clock = options.clock ?? (() => new Date());
      const statusService = prospectStatusService(clock);
      await api.register(prospectsRoutes, { service: prospects, statusService, bulkBodyLimitBytes: config.bulkBodyLimitBytes });
      await api.register(importsRoutes, { service: importsService({ prospects: importedProspects }) });
      await api.register(leadsRoutes);
      await api.register(listExportsRoutes, { service: listExportsService(config.exportsAtOnce) });
      await api.register(notesRoutes);
      await api.register(recordMailsRoutes, {
        templates: mailTemplatesService({ quotationLinkOf: (nonce, origin) => links.urlOf(nonce, origin) }),
        sendPerUser: rateLimits.recordMailPerUser,
      });
      await api.register(notificationsRoutes, { service: notificationsService({ dueSources: DUE_SOURCES }) });
      await api.register(ownersRoutes);
      await api.register(callQueueRoutes, { service: callQueueService({ statusService, clock }) });
      await api.register(goalsRoutes);
      await api.register(savedViewsRoutes);
      await api.register(dashboardRoutes, { service: dashboardService({ clock }) });
      await api.register(todayRoutes, { clock });
      const tasks = tasksService({ clock });
      await api.register(tasksRoutes, { service: tasks });
      await api.register(calendarRoutes, { service: tasks, database, perIp: rateLimits.calendarFeedPerIp });
      await api.register(reportsRoutes);
      await api.register(supportRoutes, { service: supportService({ prospects }), database, contactPerIp: rateLimits.contactPerIp });
      await api.register(emailAccountsRoutes, {
        service: emailAccountsService(emailKey, { mail: { rule: config.mailHosts } }),
        revealPerUser: rateLimits.passwordRevealPerUser,
        checkPerUser: rateLimits.mailboxCheckPerUser,
      });
      await api.register(quotationsRoutes, {
        service: quotationsService({
          links,
          mailer,
          log: app.log,
          sendLimits: sendLimiter(counters, { perQuotation: rateLimits.quotationSendPerQuotation, perUser: rateLimits.quotationSendPerUser }),
          pdfs,
        }),
        pdfPerUser: rateLimits.quotationPdfPerUser,
      });
      await api.register(releasesRoutes, {
        service: releasesService(releases),
        database,
        failuresPerIp: rateLimits.releaseFailuresPerIp,
        reporterKey: authSecret,
      });
      await api.register(publicQuotationRoutes, { service: publicQuotationsService(database, links, pdfs), perIp: rateLimits.publicQuotationPerIp });
    },
    { prefix: API_PREFIX },
  );

  await registerStaticFiles(app, {
    shellDist: config.shellDist,
    remotesDir: config.remotesDir,
    cdnDir: config.cdnBucket ? null : config.cdnDir,
    remotes: remotesManifest(releases.manifest, { configured: config.mfRemotes, cdnUrl: config.cdnPublicUrl, log: app.log }),
    allowedMethods,
    secureCookie: https,
    identify: async (request, reply) => {
      if (!request.headers.authorization) return null;
      // A stale or forged token makes a visitor of its sender here, not an error: the page still loads.
      await app.requireUser(request, reply).catch(() => undefined);
      reply.removeHeader('www-authenticate');
      return request.user;
    },
  });
  return app;
}
