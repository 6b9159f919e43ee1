import { count, eq } from 'drizzle-orm';
import type { ProductUnit } from '@app/shared/contracts';
import { QUOTATION_DEFAULTS } from '@app/shared/quotations';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { tenantsRepository } from '../modules/tenants';

interface SampleProduct {
  name: string;
  description: string;
  unit: ProductUnit;
  price: number;
  archived?: boolean;
}

/** What the demo company sells, as its quotations' lines name it; the last one is no longer sold. */
const SAMPLES: SampleProduct[] = [
  { name: 'Payofina base subscription', description: 'Payroll, HR and analytics for one company', unit: 'month', price: QUOTATION_DEFAULTS.basePlanMonthly },
  { name: 'Onboarding and data migration', description: 'Setup, import of employees and payroll history', unit: 'unit', price: 1200 },
  { name: 'Discovery workshop', description: 'Requirements and scope with your team', unit: 'day', price: 950 },
  { name: 'Senior developer', description: 'Design and development, billed by the hour', unit: 'hour', price: 95 },
  { name: 'Hosting and maintenance', description: 'Managed hosting, updates and backups', unit: 'month', price: 150 },
  { name: 'Staff training session', description: 'Half a day, up to 12 people', unit: 'unit', price: 400 },
  { name: 'Legacy support plan', description: 'Replaced by Hosting and maintenance', unit: 'month', price: 300, archived: true },
];

/** A few products and services in the demo tenant's currency, so the quotation builder has a catalogue to pick from. Only when it has none. */
export async function seedDemoProducts(db: Db, tenantId: string, createdBy: string | null): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(products).where(eq(products.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const currency = await tenantsRepository(db).currency(tenantId);
  await db.insert(products).values(
    SAMPLES.map((sample) => ({
      tenantId,
      name: sample.name,
      description: sample.description,
      unit: sample.unit,
      priceCents: Math.round(sample.price * 100),
      currency,
      taxRateBp: Math.round(QUOTATION_DEFAULTS.taxRate * 100),
      archivedAt: sample.archived ? new Date() : null,
      createdBy,
    })),
  );
  return [`${SAMPLES.length} sample products and services`];
}
