import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { registerCompression } from './http/compression';
import { registerCsrf } from './http/csrf';
import { trackAllowedMethods } from './http/allowed-methods';
import { frameworkErrors, registerErrorHandler } from './http/errors';
import { loggerOptions, type LogStream } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './http/rate-limits';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { databaseCounterStore } from './http/shared-counters';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { registerUnsafeTextGuard } from './http/unsafe-text';
import { createMailer, type Mailer } from './mail/mailer';
import { sql } from 'drizzle-orm';
import { withSystemContext } from './db/wall/context';
import { auditRoutes } from './modules/audit/routes';
import { auditService } from './modules/audit/service';
import { registerAuthentication } from './modules/auth/authenticate';
import { FailureLimiter } from './modules/auth/login-limiter';
import { authRoutes } from './modules/auth/routes';
import { authService } from './modules/auth/service';
import { SessionCache } from './modules/auth/session-cache';
import { callQueueRoutes } from './modules/call-queue/routes';
import { callQueueService } from './modules/call-queue/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dashboardService } from './modules/dashboard/service';
import { resolveEmailKey, type EmailKey } from './modules/email-accounts/email-key';
import { emailAccountsRoutes } from './modules/email-accounts/routes';
import { emailAccountsService } from './modules/email-accounts/service';
import { goalsRoutes } from './modules/goals/routes';
import { goalsService } from './modules/goals/service';
import { healthRoutes } from './modules/health/routes';
import { leadsRoutes } from './modules/leads/routes';
import { leadsService } from './modules/leads/service';
import { pipelineStagesRoutes } from './modules/pipeline-stages/routes';
import { pipelineStagesService } from './modules/pipeline-stages/service';
import { importsRoutes } from './modules/imports/routes';
import { importsService } from './modules/imports/service';
import { prospectsRoutes } from './modules/prospects/routes';
import { publicQuotationRoutes } from './modules/quotations/public-routes';
import { publicQuotationsService } from './modules/quotations/public-service';
import { quotationsRoutes } from './modules/quotations/routes';
import { quotationsService } from './modules/quotations/service';
import { shareLinks } from './modules/quotations/share-link';
import { prospectsService } from './modules/prospects/service';
import { prospectStatusService } from './modules/prospects/status-change';
import { statusOptionsRoutes } from './modules/status-options/routes';
import { statusOptionsService } from './modules/status-options/service';
import { supportRoutes } from './modules/support/routes';
import { supportService } from './modules/support/service';
import { tenantsRoutes } from './modules/tenants/routes';
import { quotationProfileRoutes } from './modules/quotation-profiles/routes';
import { quotationProfilesService } from './modules/quotation-profiles/service';
import { tenantsService } from './modules/tenants/service';
import { usersRoutes } from './modules/users/routes';
import { usersService } from './modules/users/service';

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database (src/db/client.ts, src/db/migrate.ts). */
  db: Db;
  /** Signs access tokens (modules/auth/auth-secret.ts resolves it from the config). */
  authSecret: string;
  /** Encrypts the stored mailbox passwords (modules/email-accounts/email-key.ts resolves it from the config). */
  emailKey?: EmailKey;
  /** Defaults to SMTP when SMTP_URL is set, else the log. */
  mailer?: Mailer;
  /** false: no logging; a stream: JSON lines go there (tests read them). Default: stdout at LOG_LEVEL. */
  logger?: boolean | { stream: LogStream; level?: string };
  rateLimits?: Partial<RateLimitSettings>;
  /** The time call-queue claims and callbacks are measured against (tests move it). Default: the system clock. */
  clock?: () => Date;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, authSecret } = options;
  const emailKey = options.emailKey ?? resolveEmailKey(config).key;
  const rateLimits: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };

  const logger =
    options.logger === false
      ? false
      : typeof options.logger === 'object'
        ? loggerOptions(options.logger.level ?? config.logLevel, options.logger.stream)
        : loggerOptions(config.logLevel);

  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Request ids from the client are not trusted (they would let callers forge log correlation).
    requestIdHeader: false,
    frameworkErrors,
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
  const allowedMethods = trackAllowedMethods(app, API_PREFIX);

  const https = config.publicUrl.startsWith('https:');
  await app.register(cookie);
  await registerCompression(app);
  await registerSecurityHeaders(app, { mfRemotes: config.mfRemotes, https });
  registerCsrf(app, { secureCookie: https });
  // Limits count in the database, shared by every instance; only the rare limited routes pay the write.
  const counters = databaseCounterStore(db);
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters) });
  await registerOpenApi(app);
  const sessionCache = new SessionCache(config.sessionCacheTtlMs);
  registerAuthentication(app, { db, secret: authSecret, sessionCache });

  const mailer = options.mailer ?? createMailer(config, app.log);
  const auth = authService({
    db,
    secret: authSecret,
    mailer,
    publicUrl: config.publicUrl,
    accountLimiter: new FailureLimiter(counters, rateLimits.loginFailuresPerAccount.max, rateLimits.loginFailuresPerAccount.windowMs),
    sessionCache,
  });

  const links = shareLinks(authSecret, config.publicOrigin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { probeDatabase: () => withSystemContext('health probe', () => db.execute(sql`select 1`)) });
      await api.register(authRoutes, { service: auth, rateLimits });
      await api.register(auditRoutes, { service: auditService(db) });
      await api.register(usersRoutes, { service: usersService(db, { sessionCache }) });
      await api.register(tenantsRoutes, { service: tenantsService(db) });
      await api.register(quotationProfileRoutes, { service: quotationProfilesService(db) });
      await api.register(statusOptionsRoutes, { service: statusOptionsService(db) });
      await api.register(pipelineStagesRoutes, { service: pipelineStagesService(db) });
      const prospects = prospectsService(db);
      const statusService = prospectStatusService(db);
      await api.register(prospectsRoutes, {
        service: prospects,
        statusService,
        bulkBodyLimitBytes: config.bulkBodyLimitBytes,
      });
      await api.register(importsRoutes, { service: importsService(db) });
      await api.register(leadsRoutes, { service: leadsService(db) });
      await api.register(callQueueRoutes, { service: callQueueService(db, { statusService, clock: options.clock ?? (() => new Date()) }) });
      await api.register(goalsRoutes, { service: goalsService(db) });
      await api.register(dashboardRoutes, { service: dashboardService(db) });
      await api.register(supportRoutes, { service: supportService(db, prospects), contactPerIp: rateLimits.contactPerIp });
      await api.register(emailAccountsRoutes, { service: emailAccountsService(db, emailKey), revealPerUser: rateLimits.passwordRevealPerUser });
      await api.register(quotationsRoutes, { service: quotationsService({ db, links, mailer, log: app.log }) });
      await api.register(publicQuotationRoutes, { service: publicQuotationsService(db, links), perIp: rateLimits.publicQuotationPerIp });
    },
    { prefix: API_PREFIX },
  );

  await registerStaticFiles(app, {
    shellDist: config.shellDist,
    remotesDir: config.remotesDir,
    cdnDir: config.cdnDir,
    mfRemotes: config.mfRemotes,
    allowedMethods,
  });
  return app;
}
