import type { DraftForm } from './draft-form';

/** A quotation being written, kept in this browser per user until it is saved or discarded. */
export interface StoredDraft {
  tenantId: string;
  /** The quotation being edited; null for a new one. */
  quotationId: string | null;
  /** The values the builder opened with, so a restored draft still knows what changed. */
  initial: DraftForm;
  values: DraftForm;
  step: number;
}

const key = (userId: string) => `quotation_draft:${userId}`;

export function loadDraft(userId: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key(userId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft;
    return draft && typeof draft.tenantId === 'string' && Array.isArray(draft.values?.items) ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: StoredDraft) {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the draft lasts for this page only */
  }
}

export function clearDraft(userId: string) {
  try {
    window.localStorage.removeItem(key(userId));
  } catch {
    /* nothing kept */
  }
}

/** Whether a kept draft is the one a builder opening for this tenant, quotation and lead should resume. */
export function draftMatches(draft: StoredDraft | null, tenantId: string, quotationId: string | null, leadId: string | null): draft is StoredDraft {
  return Boolean(draft && draft.tenantId === tenantId && draft.quotationId === quotationId && (leadId === null || draft.values.lead_id === leadId));
}
