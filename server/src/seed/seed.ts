import { ADMIN_GROUP, STAFF_GROUP, type Visibility } from '@app/shared/contracts';
import { ConfigError } from '../config';
import { hashPassword, groupsRepository, usersRepository } from '../modules/users';
import { createTenantDefaults, tenantsRepository } from '../modules/tenants';
import type { DatabaseHandle, Db, Tx } from '../db/client';
import { systemContext } from '../db/wall/context';
import { seedDemoCrm } from './demo-crm';
import { seedDemoHistory } from './demo-history';
import { seedDemoMail } from './demo-mail';
import { seedDemoNotes } from './demo-notes';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoProducts } from './demo-products';
import { seedDemoQuotations } from './demo-quotations';
import { seedDemoTasks } from './demo-tasks';
import { DEMO_TEAM_STAFF, seedDemoTeams } from './demo-teams';

export const DEMO_TENANT = { name: 'Demo Company', domain: 'demo.example.com', description: 'Demo tenant created on first start.' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password', fullName: 'Demo Admin' };
export const DEMO_STAFF = { email: 'staff@example.com', password: 'staff-password', fullName: 'Demo Staff' };

export interface DemoLogin {
  email: string;
  /** Null when the password came from ADMIN_PASSWORD: not a public value, so never printed. */
  password: string | null;
  role: 'admin' | 'staff';
}

export interface SeedResult {
  tenantId: string;
  /** What this run created; empty on a second start. */
  created: string[];
  logins: DemoLogin[];
}

async function addToGroups(tx: Tx, userId: string, names: string[]) {
  const groups = groupsRepository(tx);
  for (const name of names) {
    const group = await groups.findByName(name);
    if (!group) throw new Error(`built-in group ${name} is missing; migrations not applied?`);
    await groups.addMember(userId, group.id);
  }
}

async function ensureUser(
  db: Db,
  created: string[],
  user: { email: string; password: string; fullName: string; tenantId: string; groups: string[]; visibility?: Visibility },
) {
  if (await usersRepository(db).findByEmail(user.email)) return;
  const passwordHash = await hashPassword(user.password);
  await db.transaction(async (tx) => {
    const row = await usersRepository(tx).insert({
      email: user.email,
      fullName: user.fullName,
      passwordHash,
      tenantId: user.tenantId,
      isActive: true,
      isStaff: user.groups.includes(STAFF_GROUP),
      visibility: user.visibility ?? 'all',
    });
    await addToGroups(tx, row.id, user.groups);
  });
  created.push(`user ${user.email}`);
}

/**
 * Demo data for development and review (never in production). Idempotent: each record is
 * created only when missing (tenant by domain, users by email), so a second start adds nothing.
 * Later modules extend it with their own demo rows under the returned tenant.
 */
export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  /** The demo CRM sample (prospects, leads, a goal with call history); default true. Tests turn it off. */
  crmSample?: boolean;
  /** The server's signing secret: the sample quotations that were sent get client links with it. */
  linkSecret?: string;
}

/** Where seeding writes: a database handle (or the owner's), given the system's context for its reason. */
export type SeedTarget = Pick<DatabaseHandle, 'contextDb'>;

/** Seeding serves no signed-in user: it runs with the system context, every tenant in reach. */
export function seedDemo(database: SeedTarget, options: SeedOptions = {}): Promise<SeedResult> {
  return seedDemoData(database.contextDb(systemContext('demo seed')), options);
}

async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedResult> {
  const created: string[] = [];
  const tenants = tenantsRepository(db);
  let tenant = await tenants.findByDomain(DEMO_TENANT.domain);
  if (!tenant) {
    tenant = await db.transaction(async (tx) => {
      const row = await tenantsRepository(tx).insert(DEMO_TENANT);
      await createTenantDefaults(tx, row.id);
      return row;
    });
    created.push(`tenant ${DEMO_TENANT.name}`);
  }

  const adminEmail = options.adminEmail?.toLowerCase() ?? DEMO_ADMIN.email;
  const adminPassword = options.adminPassword ?? DEMO_ADMIN.password;
  await ensureUser(db, created, {
    email: adminEmail,
    password: adminPassword,
    fullName: DEMO_ADMIN.fullName,
    tenantId: tenant.id,
    groups: [ADMIN_GROUP, STAFF_GROUP],
  });
  await ensureUser(db, created, {
    email: DEMO_STAFF.email,
    password: DEMO_STAFF.password,
    fullName: DEMO_STAFF.fullName,
    tenantId: tenant.id,
    groups: [STAFF_GROUP],
  });

  if (options.crmSample ?? true) {
    const owner = await usersRepository(db).findByEmail(DEMO_STAFF.email);
    created.push(...(await seedDemoCrm(db, tenant.id, owner?.id ?? null)));
    created.push(...(await seedDemoQuotations(db, tenant.id, owner?.id ?? null, options.linkSecret)));
    for (const colleague of DEMO_TEAM_STAFF) {
      await ensureUser(db, created, { ...colleague, password: DEMO_STAFF.password, tenantId: tenant.id, groups: [STAFF_GROUP] });
    }
    created.push(...(await seedDemoTeams(db, tenant.id, owner?.id ?? null)));
    // Once the records have their owners: each note is by its record's owner.
    created.push(...(await seedDemoNotes(db, tenant.id)));
    created.push(...(await seedDemoMail(db, tenant.id)));
    const admin = await usersRepository(db).findByEmail(adminEmail);
    created.push(...(await seedDemoProducts(db, tenant.id, admin?.id ?? null)));
    created.push(...(await seedDemoTasks(db, tenant.id, admin?.id ?? null)));
    // The bell of each demo user tells of records they own by now.
    created.push(...(await seedDemoNotifications(db, tenant.id, admin?.id ?? null)));
    // After the teams: the year's deals are owned across the whole demo staff.
    created.push(...(await seedDemoHistory(db, tenant.id)));
  }

  return {
    tenantId: tenant.id,
    created,
    logins: [
      { email: adminEmail, password: options.adminPassword ? null : DEMO_ADMIN.password, role: 'admin' },
      { email: DEMO_STAFF.email, password: DEMO_STAFF.password, role: 'staff' },
    ],
  };
}

/**
 * Production has no demo data; the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD and is
 * required only while no admin exists. Returns what it did, for the start-up log.
 */
export function ensureInitialAdmin(database: SeedTarget, options: { adminEmail?: string; adminPassword?: string }): Promise<string | null> {
  return ensureFirstAdmin(database.contextDb(systemContext('first admin')), options);
}

async function ensureFirstAdmin(db: Db, options: { adminEmail?: string; adminPassword?: string }): Promise<string | null> {
  const users = usersRepository(db);
  if ((await users.countActiveMembers(ADMIN_GROUP)) > 0) return null;
  const { adminEmail, adminPassword } = options;
  if (!adminEmail || !adminPassword) {
    throw new ConfigError('No admin exists yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin.');
  }
  if (adminPassword.length < 12) throw new ConfigError('ADMIN_PASSWORD must be at least 12 characters in production.');
  const email = adminEmail.toLowerCase();
  const existing = await users.findByEmail(email);
  const passwordHash = await hashPassword(adminPassword);
  await db.transaction(async (tx) => {
    const row = existing
      ? await usersRepository(tx).update(existing.id, { isActive: true, isStaff: true, passwordHash })
      : await usersRepository(tx).insert({ email, fullName: 'Administrator', passwordHash, isActive: true, isStaff: true });
    await addToGroups(tx, row!.id, [ADMIN_GROUP, STAFF_GROUP]);
  });
  return existing ? `made ${email} an admin` : `created admin ${email}`;
}
