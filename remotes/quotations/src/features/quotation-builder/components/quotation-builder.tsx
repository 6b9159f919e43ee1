import { useState } from 'react';
import { EmptyState, ErrorPanel, errorMessage, Spinner, useSession } from '@app/shared';
import { Dialog, useTenants } from '@app/shared/staff';
import { DEFAULT_CURRENCY } from '@app/shared/contracts/constants';
import { useQuotation } from '../../../api/get-quotation';
import { useLead } from '../api/get-lead';
import { useQuotationProfile } from '../../../api/get-quotation-profile';
import { draftFromLead, draftFromQuotation, emptyDraft, type DraftForm } from '../utils/draft-form';
import { draftMatches, loadDraft } from '../utils/draft-storage';
import { QuotationBuilderDialog } from './quotation-builder-dialog';

export type BuilderTarget = { kind: 'new'; leadId: string | null } | { kind: 'edit'; quotationId: string };

/** Today in the user's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface QuotationBuilderProps {
  tenantId: string;
  target: BuilderTarget;
  onClose: () => void;
}

/**
 * Opens the builder with what it starts from: a draft this user left unsaved, the saved
 * quotation, the lead's contact details, or a blank quotation.
 */
export function QuotationBuilder({ tenantId, target, onClose }: QuotationBuilderProps) {
  const userId = useSession().user?._id ?? 'anonymous';
  const quotationId = target.kind === 'edit' ? target.quotationId : null;
  const leadId = target.kind === 'new' ? target.leadId : null;
  const [kept] = useState(() => {
    const draft = loadDraft(userId);
    return draftMatches(draft, tenantId, quotationId, leadId) ? draft : null;
  });
  const quotation = useQuotation(tenantId, quotationId);
  const lead = useLead(tenantId, kept ? null : leadId);
  // A new quotation starts from the tenant's sender; without one (or if it cannot be read) it starts blank.
  const profile = useQuotationProfile(tenantId, !kept && !quotationId);
  const sender = profile.data;
  // A new quotation is made in the tenant's currency, so it starts once that is known; a saved one keeps its own.
  const tenants = useTenants();
  const tenantCurrency = tenants.data?.find((candidate) => candidate.id === tenantId)?.currency ?? DEFAULT_CURRENCY;
  const currency = quotation.data?.currency ?? tenantCurrency;
  const senderSettled = (!profile.isPending || profile.isError) && !tenants.isLoading;
  const [today] = useState(localToday);

  let initial: DraftForm | null = null;
  let failure: unknown = null;
  if (kept) initial = kept.initial;
  else if (quotationId) {
    if (quotation.data) initial = draftFromQuotation(quotation.data);
    else if (quotation.isError) failure = quotation.error;
  } else if (leadId) {
    if (lead.data && senderSettled) initial = draftFromLead(today, currency, lead.data, sender);
    else if (lead.isError) failure = lead.error;
  } else if (senderSettled) initial = emptyDraft(today, currency, sender);

  if (failure || (quotationId && !quotation.data) || !initial) {
    return (
      <Dialog isOpen onDismiss={onClose} title={quotationId ? 'Edit Quotation' : 'Create New Quotation'}>
        {failure ? (
          <ErrorPanel
            title={quotationId ? 'Quotation not found' : 'Lead not found'}
            message={errorMessage(failure, 'It could not be loaded.')}
            onRetry={() => void (quotationId ? quotation.refetch() : lead.refetch())}
          />
        ) : (
          <EmptyState title="Loading..." action={<Spinner aria-hidden="true" />} />
        )}
      </Dialog>
    );
  }
  return (
    <QuotationBuilderDialog
      tenantId={tenantId}
      currency={currency}
      tenantCurrency={tenantCurrency}
      editing={quotation.data}
      start={{ userId, tenantId, quotationId, initial, values: kept?.values ?? initial, step: kept?.step ?? 0 }}
      onClose={onClose}
    />
  );
}
