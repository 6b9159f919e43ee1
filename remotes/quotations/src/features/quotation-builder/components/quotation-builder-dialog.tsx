import styled from 'styled-components';
import { Button, errorMessage, toast } from '@app/shared';
import { Dialog, StickyDialogFooter } from '@app/shared/staff';
import { type Quotation } from '@app/shared/forms';
import { useCreateQuotation } from '../api/create-quotation';
import { useUpdateQuotation } from '../api/update-quotation';
import { useBuilderForm, type BuilderStart } from '../hooks/use-builder-form';
import { BUILDER_STEPS, LAST_STEP } from '../utils/builder-steps';
import { draftDocument } from '../utils/draft-document';
import { CompanyClientStep, PricingStep, TermsStep } from './builder-step-fields';
import { PrintableQuotation, printQuotation } from './print-quotation';
import { StepIndicator } from './step-indicator';

const StyledFooter = styled(StickyDialogFooter)`
  justify-content: space-between;
  div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; }
`;

// On wide screens the step indicator already names the step; on a phone, where it shows only
// circles, the step's title is this heading.
const StyledStepTitle = styled.h3`
  font-size: 1.1rem;
  margin-bottom: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap;
  }
`;

// The server numbers a new quotation when it saves it; the builder shows no number it would replace.
export const NUMBER_ON_SAVE = 'Number assigned on save';

// Statuses with a client link that saving an edit withdraws.
const SENT = new Set(['sent', 'expired']);

export interface BuilderFormDialogProps {
  tenantId: string;
  /** The quotation's currency: the tenant's for a new one, its own for a saved one. */
  currency: string;
  tenantCurrency: string;
  start: BuilderStart;
  /** The saved quotation being edited; absent for a new one. */
  editing?: Quotation;
  onClose: () => void;
}

/**
 * What the dialog says first about a saved quotation: that saving a sent one withdraws its link, and
 * that one made in another currency than the tenant's now stays in its own.
 */
function builderNotice(editing: Quotation | undefined, currency: string, tenantCurrency: string): string | undefined {
  const notes: string[] = [];
  if (editing && SENT.has(editing.status)) notes.push('Saving changes makes it a draft again: the link sent to the client stops working.');
  if (editing && currency !== tenantCurrency)
    notes.push(
      `This quotation is in ${currency}, the currency it was made in; the tenant's currency is now ${tenantCurrency}. Its amounts stay in ${currency}.`,
    );
  return notes.length ? notes.join(' ') : undefined;
}

/** The three-step quotation builder: company and client, pricing, terms and dates. */
export function QuotationBuilderDialog({ tenantId, currency, tenantCurrency, start, editing, onClose }: BuilderFormDialogProps) {
  const form = useBuilderForm(start);
  const create = useCreateQuotation(tenantId);
  const update = useUpdateQuotation(tenantId);
  const saving = create.isPending || update.isPending;
  const number = editing?.number ?? NUMBER_ON_SAVE;

  const finish = () => {
    form.discard();
    onClose();
  };

  // A save under way finishes first: closing then would leave its outcome unseen.
  const dismiss = () => {
    if (!saving) finish();
  };

  const save = () => {
    const result = form.check();
    if (!result?.ok) return;
    const callbacks = {
      onSuccess: () => {
        toast({ title: 'Quotation saved', description: 'Your quotation has been saved successfully.', variant: 'success' });
        finish();
      },
      onError: (failure: unknown) =>
        toast({ title: 'Error', description: errorMessage(failure, 'Failed to save quotation. Please try again.'), variant: 'destructive' }),
    };
    if (editing) update.mutate({ id: editing.id, body: result.draft }, callbacks);
    else create.mutate({ tenant_id: tenantId, ...result.draft }, callbacks);
  };

  const step = BUILDER_STEPS[form.step]!;
  return (
    <>
      <Dialog
        isOpen
        dirty={form.dirty && !saving}
        onDismiss={dismiss}
        title={editing ? 'Edit Quotation' : 'Create New Quotation'}
        description={builderNotice(editing, currency, tenantCurrency)}
        width="52rem"
      >
        <StepIndicator steps={BUILDER_STEPS} current={form.step} />
        <section aria-label={step.title}>
          <StyledStepTitle>{step.title}</StyledStepTitle>
          {form.step === 0 && <CompanyClientStep form={form} />}
          {form.step === 1 && <PricingStep form={form} tenantId={tenantId} currency={currency} />}
          {form.step === 2 && <TermsStep form={form} quoteNumber={number} currency={currency} />}
        </section>
        <StyledFooter>
          <div>
            <Button $variant="secondary" onClick={form.previous} disabled={form.step === 0 || saving}>
              Previous
            </Button>
            <Button $variant="secondary" onClick={() => printQuotation(editing?.number ?? 'draft')}>
              Print Quotation
            </Button>
          </div>
          <div>
            {form.step < LAST_STEP ? (
              <Button onClick={form.next}>Next</Button>
            ) : (
              <Button onClick={save} disabled={saving} aria-busy={saving}>
                {saving ? 'Saving...' : 'Save Quotation'}
              </Button>
            )}
          </div>
        </StyledFooter>
      </Dialog>
      <PrintableQuotation quotation={draftDocument(form.values, number, currency)} />
    </>
  );
}
