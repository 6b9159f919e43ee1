import { useState } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, SelectField, toast } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import type { OwnerOption } from '@app/shared/forms';
import { type AssignNoun, ownerName } from '../../../lib/owners';
import type { AssignToButtonProps } from './assign-to-button';
import { useAssignLeads } from '../api/assign-leads';
import { useAssignProspects } from '../api/assign-prospects';

const StyledScope = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: 0;
  border: 0;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const UNASSIGNED = 'none';
const count = (n: number, noun: AssignNoun) => `${n.toLocaleString('en-US')} ${n === 1 ? noun.slice(0, -1) : noun}`;

/** The toast after an assignment: how many changed owner, and to whom. */
export const assignedText = (updated: number, noun: AssignNoun, owner: OwnerOption | null) =>
  owner ? `Assigned ${count(updated, noun)} to ${ownerName(owner)}` : `Unassigned ${count(updated, noun)}`;

/** Whom to hand the rows to, and which rows: the ticked ones or every one of the filter. */
export function AssignDialog({
  tenantId,
  noun,
  selectedIds,
  filter,
  matching,
  owners,
  onAssigned,
  onDismiss,
}: AssignToButtonProps & { onDismiss: () => void }) {
  const [ownerId, setOwnerId] = useState('');
  const [scope, setScope] = useState<'selected' | 'matching'>(selectedIds.length > 0 ? 'selected' : 'matching');
  const useAssign = noun === 'prospects' ? useAssignProspects : useAssignLeads;
  const assign = useAssign(tenantId);

  const submit = () => {
    const owner = owners.find((candidate) => candidate.id === ownerId) ?? null;
    assign.mutate(
      { ownerId: owner?.id ?? null, target: scope === 'selected' ? { ids: selectedIds } : { filter } },
      {
        onSuccess: ({ updated }) => {
          toast({ title: assignedText(updated, noun, owner), variant: 'success' });
          onAssigned();
          onDismiss();
        },
        onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, `Failed to assign ${noun}`), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Assign to" description={`Choose who owns these ${noun}.`}>
      <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)} disabled={assign.isPending}>
        <option value="" disabled>
          Choose a person
        </option>
        <option value={UNASSIGNED}>Unassigned</option>
        {owners.map((owner) => (
          <option key={owner.id} value={owner.id}>
            {ownerName(owner)}
          </option>
        ))}
      </SelectField>
      <StyledScope>
        <legend>Which {noun}</legend>
        <label>
          <input type="radio" name="assign-scope" checked={scope === 'selected'} disabled={selectedIds.length === 0} onChange={() => setScope('selected')} />
          The {count(selectedIds.length, noun)} selected
        </label>
        <label>
          <input type="radio" name="assign-scope" checked={scope === 'matching'} onChange={() => setScope('matching')} />
          All {count(matching, noun)} matching
        </label>
      </StyledScope>
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!ownerId || assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
