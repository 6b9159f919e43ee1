import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, SelectField, TextAreaField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import {
  createPipelineStageSchema,
  DEFAULT_STAGE_COLOR,
  stageColorSchema,
  useFormFields,
  validateWith,
  type PipelineStage,
  type StageKind,
} from '@app/shared/forms';
import { StyledTwoColumns } from '../../../components/layout';
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

// The tenant comes from the picker, not from the form.
const stageFormSchema = createPipelineStageSchema.omit({ tenant_id: true });

const KIND_LABELS: Record<StageKind, string> = { open: 'Open', won: 'Won', lost: 'Lost (asks the reason)' };

export interface PipelineStageFormCardProps {
  tenantId: string;
  stage?: PipelineStage;
  onDone: () => void;
}

/** Create or edit a stage inline, inside the manage dialog, where the list stays in view while editing. */
export function PipelineStageFormCard({ tenantId, stage, onDone }: PipelineStageFormCardProps) {
  const { values, setErrors, set, field } = useFormFields(
    {
      name: stage?.name ?? '',
      description: stage?.description ?? '',
      sort_order: String(stage?.sort_order ?? 0),
      // The colour input can only show a #rrggbb value.
      color: stage && stageColorSchema.safeParse(stage.color).success ? stage.color : DEFAULT_STAGE_COLOR,
      is_active: stage?.is_active ?? true,
      kind: stage?.kind ?? ('open' as StageKind),
      probability: String(stage?.probability ?? 0),
    },
    { contract: createPipelineStageSchema },
  );
  const create = useCreatePipelineStage(tenantId);
  const update = useUpdatePipelineStage(tenantId);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The field's text as the number the contract takes (an empty field: 0; words: NaN, refused).
    const result = validateWith(stageFormSchema, { ...values, probability: values.probability.trim() === '' ? 0 : Number(values.probability) });
    setErrors(result.errors);
    if (!result.data) return;
    const body = { ...result.data, description: result.data.description || null };
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
      <TextField label="Name" autoFocus {...field('name')} />
      <TextAreaField label="Description" rows={2} {...field('description')} />
      <StyledTwoColumns>
        <TextField label="Sort order" type="number" step={1} inputMode="numeric" {...field('sort_order')} />
        <TextField label="Colour" type="color" hint={values.color.toUpperCase()} {...field('color')} />
      </StyledTwoColumns>
      <StyledTwoColumns>
        <SelectField label="Kind" hint="A lead entering a won or lost stage is closed." {...field('kind')}>
          {(Object.keys(KIND_LABELS) as StageKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label="Probability (%)" type="number" min={0} max={100} step={1} inputMode="numeric" {...field('probability')} />
      </StyledTwoColumns>
      <CheckboxField
        label="Active"
        hint="Only active stages are offered in pickers and filters."
        checked={values.is_active}
        onChange={(event) => set('is_active', event.target.checked)}
      />
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
