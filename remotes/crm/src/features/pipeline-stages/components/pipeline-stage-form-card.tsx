import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  CheckboxField,
  DEFAULT_STAGE_COLOR,
  errorMessage,
  STAGE_NAME_REQUIRED,
  TextAreaField,
  TextField,
  toast,
  type PipelineStage,
} from '@app/shared';
import { StyledTwoColumns } from '../../../components/layout';
import { parseSortOrder } from '../../../lib/options';
import { useCreatePipelineStage } from '../api/create-pipeline-stage';
import { useUpdatePipelineStage } from '../api/update-pipeline-stage';

const StyledCard = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h3 { font-size: 1rem; margin: 0; }
  input[type='color'] { padding: ${({ theme }) => theme.space(1)}; cursor: pointer; }
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export interface PipelineStageFormCardProps {
  tenantId: string;
  stage?: PipelineStage;
  onDone: () => void;
}

/** Create or edit a stage inline, inside the manage dialog (spec: 'an inline create/edit card'). */
export function PipelineStageFormCard({ tenantId, stage, onDone }: PipelineStageFormCardProps) {
  const [name, setName] = useState(stage?.name ?? '');
  const [description, setDescription] = useState(stage?.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(stage?.sort_order ?? 0));
  const [color, setColor] = useState(stage?.color && HEX_COLOUR.test(stage.color) ? stage.color : DEFAULT_STAGE_COLOR);
  const [isActive, setIsActive] = useState(stage?.is_active ?? true);
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreatePipelineStage(tenantId);
  const update = useUpdatePipelineStage(tenantId);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(STAGE_NAME_REQUIRED);
      return;
    }
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      sort_order: parseSortOrder(sortOrder),
      color,
      is_active: isActive,
    };
    const onError = (error: unknown) =>
      toast({
        title: 'Error',
        description: errorMessage(error, stage ? 'Failed to update pipeline stage option' : 'Failed to create pipeline stage option'),
        variant: 'destructive',
      });
    const onSuccess = () => {
      toast({ title: stage ? 'Pipeline stage updated' : 'Pipeline stage created', variant: 'success' });
      onDone();
    };
    if (stage) update.mutate({ id: stage.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <StyledCard onSubmit={submit} noValidate aria-label={stage ? `Edit ${stage.name}` : 'New pipeline stage'}>
      <h3>{stage ? 'Edit Stage' : 'New Stage'}</h3>
      <TextField
        label="Name"
        value={name}
        error={nameError}
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <TextAreaField label="Description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
      <StyledTwoColumns>
        <TextField label="Sort order" type="number" step={1} inputMode="numeric" value={sortOrder} onChange={(event) => setSortOrder(event.target.value)} />
        <TextField label="Colour" type="color" value={color} hint={color.toUpperCase()} onChange={(event) => setColor(event.target.value)} />
      </StyledTwoColumns>
      <CheckboxField label="Active" hint="Only active stages are offered in pickers and filters." checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
      <StyledActions>
        <Button $variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : stage ? 'Save Changes' : 'Create Stage'}
        </Button>
      </StyledActions>
    </StyledCard>
  );
}
