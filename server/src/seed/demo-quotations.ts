import { count, eq } from 'drizzle-orm';
import { quotationDraftSchema, type QuotationDraftInput } from '@app/shared/contracts';
import { addDays, defaultSubscriptionPlan, defaultTerms, formatQuoteNumber, QUOTATION_DEFAULTS } from '@app/shared/quotations';
import { localDate } from '../lib/today';
import { quotationProfilesRepository } from '../modules/quotation-profiles';
import { tenantsRepository } from '../modules/tenants';
import { draftColumns, quotationRecords, shareLinks } from '../modules/quotations';
import type { Db } from '../db/client';
import { quotations, type StoredQuotationStatus } from '../db/schema';

interface Sample {
  draft: QuotationDraftInput;
  status: StoredQuotationStatus | 'expired';
  /** Days before today the quotation was made. */
  age: number;
  decision?: { by?: string; reason?: string };
}

const COMPANY = {
  company_name: 'Orbitra Software & IT Services',
  company_address: '100 Innovation Drive, Suite 400, Austin, TX 78701',
  company_phone: '+1 (512) 555-0142',
  company_email: 'sales@orbitra.example.com',
  company_website: 'https://orbitra.example.com',
  product_name: 'Payofina',
  product_overview: 'Finance and HR in one place: payroll, analytics and compliance.',
  subscription_includes: 'Automated payroll, real-time analytics, HR management, 24/7 support',
};

/** The sender's terms, naming the tenant's currency. */
const termsIn = (currency: string) =>
  `${defaultTerms(currency)} Payment due within 30 days of invoice. Subscriptions renew monthly and may be cancelled with 30 days notice.`;

const client = (name: string, city: string) => ({
  client_name: name,
  client_address: city,
  client_email: `accounts@${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`,
  client_phone: '+1 (555) 010-2000',
});

const SAMPLES: Sample[] = [
  {
    status: 'draft',
    age: 1,
    draft: {
      ...client('Northwind Traders', 'Seattle, WA'),
      title: 'Payroll Automation Rollout',
      product_description: 'Payroll for 45 employees with two pay groups.',
      items: [
        { description: 'Payofina base subscription', quantity: 12, unit: 'month', rate: 50 },
        { description: 'Onboarding and data migration', quantity: 1, rate: 1200 },
      ],
    },
  },
  {
    status: 'draft',
    age: 3,
    draft: {
      ...client('Blue Harbor Logistics', 'Miami, FL'),
      title: 'Fleet Scheduling Web App',
      product_description: 'Web application for dispatch and driver schedules.',
      items: [
        { description: 'Discovery workshop', quantity: 1.5, unit: 'day', rate: 950 },
        { description: 'Web app development (sprints)', quantity: 6, rate: 4800 },
      ],
      discount_rate: 5,
    },
  },
  {
    status: 'sent',
    age: 5,
    draft: {
      ...client('Greenfield Clinics', 'Denver, CO'),
      title: 'HR Compliance Package',
      product_description: 'HR records, leave tracking and compliance reports for four clinics.',
      items: [
        { description: 'Payofina base subscription', quantity: 12, unit: 'month', rate: 50 },
        { description: 'Compliance report setup', quantity: 4, rate: 350 },
        { description: 'Staff training session', quantity: 2, rate: 400 },
      ],
    },
  },
  {
    status: 'sent',
    age: 9,
    draft: {
      ...client('Summit Retail Group', 'Chicago, IL'),
      title: 'Mobile Loyalty App',
      product_description: 'iOS and Android loyalty app with the existing POS.',
      items: [
        { description: 'Mobile app design', quantity: 1, rate: 6500 },
        { description: 'iOS and Android development', quantity: 1, rate: 24000 },
        { description: 'POS integration', quantity: 1, rate: 5200 },
      ],
      discount_rate: 10,
    },
  },
  {
    status: 'expired',
    age: 45,
    draft: {
      ...client('Lakeside Manufacturing', 'Cleveland, OH'),
      title: 'ERP Integration',
      product_description: 'Connect payroll to the plant ERP.',
      items: [
        { description: 'Integration consulting', quantity: 16, unit: 'hour', rate: 180 },
        { description: 'Connector licence (annual)', quantity: 1, rate: 2400 },
      ],
    },
  },
  {
    status: 'accepted',
    age: 14,
    decision: { by: 'Dana Whitfield' },
    draft: {
      ...client('Brightpath Education', 'Boston, MA'),
      title: 'Payofina for 120 Staff',
      product_description: 'Payroll and HR for a school network.',
      items: [
        { description: 'Payofina base subscription', quantity: 12, unit: 'month', rate: 50 },
        { description: 'Per-employee add-on (monthly, 110 staff)', quantity: 12, rate: 96 },
        { description: 'Additional storage blocks (200 MB)', quantity: 60, rate: 0.09 },
      ],
    },
  },
  {
    status: 'accepted',
    age: 21,
    decision: { by: 'Marcus Lee' },
    draft: {
      ...client('Copperline Energy', 'Houston, TX'),
      title: 'IT Consulting Retainer',
      product_description: 'Quarterly architecture and security reviews.',
      items: [{ description: 'Consulting retainer', quantity: 37.5, unit: 'hour', rate: 165 }],
      tax_rate: 0,
    },
  },
  {
    status: 'rejected',
    age: 18,
    decision: { reason: 'Budget moved to next fiscal year.' },
    draft: {
      ...client('Redwood Hospitality', 'San Diego, CA'),
      title: 'Booking Website Redesign',
      product_description: 'New booking site for six hotels.',
      items: [
        { description: 'UX research and design', quantity: 1, rate: 4200 },
        { description: 'Website build', quantity: 1, rate: 9800 },
        { description: 'Hosting and maintenance', quantity: 12, unit: 'month', rate: 150 },
      ],
    },
  },
];

/**
 * Eight sample quotations in the demo tenant, one of each status and a sent one past its
 * validity, so a first start shows a working list. Only when the tenant has none. With the
 * link secret, the sent and answered ones get client links staff can open.
 */
export async function seedDemoQuotations(db: Db, tenantId: string, ownerId: string | null, linkSecret?: string): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(quotations).where(eq(quotations.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const today = localDate();
  const links = linkSecret ? shareLinks(linkSecret, undefined) : null;
  // In the tenant's currency, as any quotation made in it.
  const currency = await tenantsRepository(db).currency(tenantId);
  const sender = { ...COMPANY, subscription_plan: defaultSubscriptionPlan(currency), terms: termsIn(currency) };
  await db.transaction(async (tx) => {
    const repo = quotationRecords(tx);
    for (const [index, sample] of SAMPLES.entries()) {
      const quoteDate = addDays(today, -sample.age);
      // 30 days of validity: the one made 45 days ago is past it (expired).
      const validUntil = addDays(quoteDate, 30);
      const draft = quotationDraftSchema.parse({ ...sender, ...sample.draft, quote_date: quoteDate, valid_until: validUntil });
      const createdAt = new Date(`${quoteDate}T${String(9 + index).padStart(2, '0')}:15:00Z`);
      const wasSent = sample.status !== 'draft';
      const nonce = wasSent && links ? links.newNonce() : null;
      const decidedAt = sample.decision ? new Date(createdAt.getTime() + 3 * 86_400_000) : null;
      const row = await repo.insert(tenantId, {
        ...draftColumns(draft, today),
        currency,
        number: formatQuoteNumber(quoteDate, 101 + index * 97),
        status: sample.status === 'expired' ? 'sent' : sample.status,
        createdBy: ownerId,
        ownerId,
        shareNonce: nonce,
        shareTokenHash: nonce && links ? links.hashOf(links.tokenOf(nonce)) : null,
        sentAt: wasSent ? new Date(createdAt.getTime() + 3_600_000) : null,
        decidedAt,
        acceptedBy: sample.decision?.by ?? null,
        rejectionReason: sample.decision?.reason ?? null,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
      });
      const event = { quotationId: row.id };
      await repo.addEvent(tenantId, { ...event, kind: 'created', summary: `Quotation ${row.number} created`, userId: ownerId, createdAt });
      if (row.sentAt) await repo.addEvent(tenantId, { ...event, kind: 'sent', summary: `Sent to ${row.clientEmail}`, userId: ownerId, createdAt: row.sentAt });
      const by = sample.decision?.by;
      if (by && decidedAt) await repo.addEvent(tenantId, { ...event, kind: 'accepted', summary: `Accepted by ${by}`, actorName: by, createdAt: decidedAt });
      const reason = sample.decision?.reason;
      if (reason && decidedAt)
        await repo.addEvent(tenantId, { ...event, kind: 'rejected', summary: `Rejected by the client: ${reason}`, createdAt: decidedAt });
    }
  });
  // The demo tenant's sender, so a new quotation (from a lead too) starts filled in.
  const profiles = quotationProfilesRepository(db);
  if (!(await profiles.find(tenantId))) {
    const { company_name, company_address, company_phone, company_email, company_website, terms } = sender;
    await profiles.upsert(tenantId, {
      companyName: company_name,
      companyAddress: company_address,
      companyPhone: company_phone,
      companyEmail: company_email,
      companyWebsite: company_website,
      taxRateBp: Math.round(QUOTATION_DEFAULTS.taxRate * 100),
      terms,
    });
  }
  return [`${SAMPLES.length} sample quotations and the quotation profile`];
}
