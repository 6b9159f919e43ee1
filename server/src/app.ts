import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { registerCsrf } from './http/csrf';
import { registerErrorHandler } from './http/errors';
import { loggerOptions, type LogStream } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAuthentication } from './modules/auth/authenticate';
import { FailureLimiter } from './modules/auth/login-limiter';
import { authRoutes } from './modules/auth/routes';
import { authService } from './modules/auth/service';
import { healthRoutes } from './modules/health/routes';
import { tenantsRoutes } from './modules/tenants/routes';
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
  /** Defaults to SMTP when SMTP_URL is set, else the log. */
  mailer?: Mailer;
  /** false: no logging; a stream: JSON lines go there (tests read them). Default: stdout at LOG_LEVEL. */
  logger?: boolean | { stream: LogStream; level?: string };
  rateLimits?: Partial<RateLimitSettings>;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, authSecret } = options;
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, config.bodyLimitBytes);

  const https = config.publicUrl.startsWith('https:');
  await app.register(cookie);
  await registerSecurityHeaders(app, { mfRemotes: config.mfRemotes, https });
  registerCsrf(app, { secureCookie: https });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);
  registerAuthentication(app, { db, secret: authSecret });

  const mailer = options.mailer ?? createMailer(config, app.log);
  const auth = authService({
    db,
    secret: authSecret,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    accountLimiter: new FailureLimiter(rateLimits.loginFailuresPerAccount.max, rateLimits.loginFailuresPerAccount.windowMs),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { service: auth, rateLimits });
      await api.register(usersRoutes, { service: usersService(db) });
      await api.register(tenantsRoutes, { service: tenantsService(db) });
    },
    { prefix: API_PREFIX },
  );

  await registerStaticFiles(app, { shellDist: config.shellDist, remotesDir: config.remotesDir, mfRemotes: config.mfRemotes });
  return app;
}
