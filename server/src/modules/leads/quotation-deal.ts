import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { leads, pipelineStages, tenants } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit';
import { activitiesRepository } from '../activities';

/** The largest value a lead holds (the leads_value_range check), in cents. */
const MAX_LEAD_VALUE_CENTS = 100_000_000_000_000;

export interface AcceptedQuotation {
  tenantId: string;
  leadId: string;
  id: string;
  number: string;
  totalCents: number;
  /** The quotation's currency (ISO 4217); a lead's value is in its tenant's. */
  currency: string;
}

/** Why a lead without a value did not take an accepted quotation's total: amounts of two currencies are never mixed. */
export const otherCurrencyNote = (number: string, quotationCurrency: string, leadCurrency: string) =>
  `Value not set from quotation ${number}: the quotation is in ${quotationCurrency} and the lead's value is in ${leadCurrency}`;

/** Cents as the numeric(15, 2) text a lead's value is written in. */
function centsText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * An accepted quotation moves its lead, in the transaction that accepts it: an open lead goes to
 * the tenant's (first) won stage, and a lead without a value takes the quotation's total, unless it
 * is lost (a lost deal's value would count in the lost value for a quotation that won) or the
 * quotation is in another currency than the tenant's, which a lead's value is in (its history then
 * says why the value was not set: a figure in one currency is never read as another). A closed
 * lead keeps its stage. Each change is in the lead's history, naming the quotation, and in the
 * audit log; both stay ordinary fields a user moves back or edits by hand. Whoever accepted
 * (`userId`: the staff member, null for the client through the link) may not see the lead: the
 * deal follows the quotation regardless.
 */
export async function moveLeadOnAcceptance(tx: Tx, quotation: AcceptedQuotation, userId: string | null, actor: AuditActor): Promise<void> {
  const [lead] = await tx
    .select({ name: leads.name, value: leads.value, kind: pipelineStages.kind, currency: tenants.currency })
    .from(leads)
    .innerJoin(tenants, eq(tenants.id, leads.tenantId))
    .leftJoin(pipelineStages, and(eq(pipelineStages.tenantId, leads.tenantId), eq(pipelineStages.id, leads.pipelineStageId)))
    .where(and(eq(leads.tenantId, quotation.tenantId), eq(leads.id, quotation.leadId)))
    .for('update', { of: leads })
    .limit(1);
  if (!lead) return;
  const open = (lead.kind ?? 'open') === 'open';
  const [won] = open
    ? await tx
        .select({ id: pipelineStages.id, name: pipelineStages.name })
        .from(pipelineStages)
        .where(and(eq(pipelineStages.tenantId, quotation.tenantId), eq(pipelineStages.kind, 'won')))
        .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.name))
        .limit(1)
    : [];
  const lost = lead.kind === 'lost';
  const takesTotal = lead.value === null && !lost && quotation.totalCents > 0 && quotation.totalCents <= MAX_LEAD_VALUE_CENTS;
  const sameCurrency = quotation.currency === lead.currency;
  const value = takesTotal && sameCurrency ? centsText(quotation.totalCents) : null;
  // The total would have been the lead's value but for its currency: the history says so, with the stage change or alone.
  const currencyNote = takesTotal && !sameCurrency ? otherCurrencyNote(quotation.number, quotation.currency, lead.currency) : null;
  if (!won && !value && !currencyNote) return;

  if (won || value)
    await tx
      .update(leads)
      .set({ ...(won ? { pipelineStageId: won.id } : {}), ...(value ? { value } : {}), updatedAt: new Date() })
      .where(and(eq(leads.tenantId, quotation.tenantId), eq(leads.id, quotation.leadId)));

  const source = `quotation ${quotation.number} accepted`;
  const valueNote = value ? `Value set to ${value} from quotation ${quotation.number}` : currencyNote;
  await activitiesRepository(tx).add(quotation.tenantId, {
    leadId: quotation.leadId,
    userId,
    kind: won ? 'stage' : 'quotation',
    summary: won ? `Pipeline stage changed to ${won.name} (${source})` : `${valueNote} (${source})`,
    notes: won ? valueNote : null,
  });
  const target = { tenantId: quotation.tenantId, targetType: 'lead', targetId: quotation.leadId, targetName: lead.name };
  const from = { quotation_id: quotation.id, quotation_number: quotation.number };
  if (won) await recordAudit(tx, actor, { ...target, action: 'lead.stage_changed', details: { stage: won.name, ...from } });
  if (value) await recordAudit(tx, actor, { ...target, action: 'lead.updated', details: { fields: ['value'], value: { from: null, to: value }, ...from } });
}
