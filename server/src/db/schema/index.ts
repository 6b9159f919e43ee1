// The database schema by area; drizzle-kit reads this file (drizzle.config.ts).
export * from './tenancy';
export * from './support';
export * from './crm-options';
export * from './crm-companies';
export * from './crm-activity';
export * from './audit';
export * from './email';
export * from './quotations';
export * from './imports';
export * from './call-queue';
export * from './security';
export * from './lead-counters';
export * from './quotation-profiles';
export * from './releases';
export * from './mail';
export * from './teams';
export * from './saved-views';
