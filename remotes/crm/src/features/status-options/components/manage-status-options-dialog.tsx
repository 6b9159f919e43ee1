import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  DialogFooter,
  EmptyState,
  ErrorPanel,
  errorMessage,
  MutedText,
  Skeleton,
  toast,
  type StatusOption,
} from '@app/shared';
import { StyledBadges } from '../../../components/layout';
import { bySortOrder } from '../../../lib/options';
import { useDeleteStatusOption } from '../api/delete-status-option';
import { useStatusOptions } from '../api/get-status-options';
import { StatusOptionFormDialog } from './status-option-form-dialog';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
  > div:first-child { flex: 1; min-width: 0; }
`;

const StyledRowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledHeaderRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

type FormState = { mode: 'create' } | { mode: 'edit'; option: StatusOption } | null;

export function ManageStatusOptionsDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  const { data, isPending, isError, refetch } = useStatusOptions(tenantId);
  const remove = useDeleteStatusOption(tenantId);
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<StatusOption | null>(null);
  const options = [...(data ?? [])].sort(bySortOrder);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Status option deleted', variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete status option'), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  let body;
  if (isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">Loading status options...</span>
        <Skeleton $height="3.5rem" />
      </div>
    );
  } else if (isError) {
    body = <ErrorPanel title="Failed to load status options" message="The status options could not be loaded." onRetry={() => void refetch()} />;
  } else if (options.length === 0) {
    body = (
      <EmptyState
        title="No Status Options"
        hint="Statuses describe where each prospect stands, such as Interested or Call Back."
        action={<Button onClick={() => setForm({ mode: 'create' })}>Create First Status</Button>}
      />
    );
  } else {
    body = (
      <StyledList>
        {options.map((option) => (
          <StyledRow key={option.id}>
            <div>
              <h3>{option.name}</h3>
              {option.description && <MutedText>{option.description}</MutedText>}
              <StyledBadges>
                <Badge>Order: {option.sort_order}</Badge>
                <Badge $tone={option.is_active ? 'success' : 'neutral'}>{option.is_active ? 'Active' : 'Inactive'}</Badge>
                {option.converts_to_lead && <Badge $tone="info">Converts to lead</Badge>}
                {option.removes_from_prospects && <Badge $tone="warning">Removes from prospects</Badge>}
              </StyledBadges>
            </div>
            <StyledRowActions>
              <Button $variant="ghost" $size="sm" aria-label={`Edit ${option.name}`} onClick={() => setForm({ mode: 'edit', option })}>
                Edit
              </Button>
              <Button $variant="ghost" $size="sm" aria-label={`Delete ${option.name}`} onClick={() => setDeleting(option)}>
                Delete
              </Button>
            </StyledRowActions>
          </StyledRow>
        ))}
      </StyledList>
    );
  }

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Manage Status Options" description="The statuses a prospect can be given, in the order pickers show them." width="40rem">
      {options.length > 0 && (
        <StyledHeaderRow>
          <Button onClick={() => setForm({ mode: 'create' })}>Add Status</Button>
        </StyledHeaderRow>
      )}
      {body}
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
      </DialogFooter>
      {form && (
        <StatusOptionFormDialog
          tenantId={tenantId}
          option={form.mode === 'edit' ? form.option : undefined}
          onDismiss={() => setForm(null)}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Status Option"
        message="Are you sure you want to delete this status option? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}

/** The 'Manage Status' toolbar button with the dialog it opens. */
export function ManageStatusOptionsButton({ tenantId }: { tenantId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        Manage Status
      </Button>
      {open && <ManageStatusOptionsDialog tenantId={tenantId} onDismiss={() => setOpen(false)} />}
    </>
  );
}
