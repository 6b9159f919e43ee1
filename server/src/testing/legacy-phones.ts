import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { prospects } from '../db/schema';
import { seedDemo } from '../seed/seed';
import { scopedDatabase } from '../tenancy/database';
import { resolveAuthSecret } from '../modules/auth';
import { createTenantDefaults, tenantsRepository } from '../modules/tenants';

/** The tenant the browser tests of the Invalid phone filter work in. */
export const LEGACY_PHONES_TENANT = { name: 'Legacy Phones', domain: 'legacy-phones.example.com', description: 'Prospects from before phones were checked.' };

/**
 * The browser tests need prospects from before phones were checked, which no request can make any
 * more. Run on the server's DATA_DIR before the server starts (the e2e config does): it migrates
 * and seeds as a start would, then, once, adds a tenant holding such prospects, as an old database
 * would hold them: text only, no E.164. The server's own start then fills what parses.
 */
async function main() {
  const config = loadConfig();
  const { secret } = resolveAuthSecret(config);
  const handle = await openDatabase(config);
  try {
    await runMigrations(handle);
    await seedDemo(handle, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, linkSecret: secret });
    await scopedDatabase(handle)
      .asSystem('legacy phones')
      .transaction(async (tx) => {
        if (await tenantsRepository(tx).findByDomain(LEGACY_PHONES_TENANT.domain)) return;
        const tenant = await tenantsRepository(tx).insert(LEGACY_PHONES_TENANT);
        await createTenantDefaults(tx, tenant.id);
        const rows = [
          { name: 'Parsed At Start Inc', phone1: '555.777.0101' },
          { name: 'Broken Line Ltd', phone1: 'click"),+1 555 000 0002,,Nowhere' },
          { name: 'Maybe Holdings', phone1: 'call me maybe' },
        ];
        await tx.insert(prospects).values(rows.map((row, index) => ({ ...row, tenantId: tenant.id, createdAt: sql`now() - ${index} * interval '1 second'` })));
      });
  } finally {
    await handle.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
