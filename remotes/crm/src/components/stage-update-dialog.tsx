import { useState, type FormEvent } from 'react';
import { Button, MutedText, TextAreaField } from '@app/shared';
import { Combobox, Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { changeProspectStageRequestSchema, maxLengthOf, type PipelineStage } from '@app/shared/forms';

/** A stage change's notes take what the contract takes (prospects and leads share the limit). */
const NOTES_MAX = maxLengthOf(changeProspectStageRequestSchema.shape.notes);
import { optionDescription, optionKey, optionName, stageEmptyText } from '../lib/options';
import { StyledFormError, StyledFormStack } from './layout';
import { LostReasonField } from './lost-reason-field';
import { StageDot } from './stage-badge';

export type StageEntity = 'Lead' | 'Prospect';

const renderStage = (stage: PipelineStage) => (
  <>
    <StageDot color={stage.color} />
    {stage.name}
    {stage.description && <small>{stage.description}</small>}
  </>
);

export interface StageUpdateDialogProps {
  entity: StageEntity;
  subjectName: string;
  currentStageName: string | null;
  /** Active stages in sort order. */
  stages: readonly PipelineStage[];
  /** lostReason: asked of a lead moved into a lost stage (empty when not given). */
  onSubmit: (stage: PipelineStage, notes: string, lostReason: string) => void;
  onDismiss: () => void;
}

/** Stage change of a lead or a prospect; the caller applies it optimistically, so this closes at once. */
export function StageUpdateDialog({ entity, subjectName, currentStageName, stages, onSubmit, onDismiss }: StageUpdateDialogProps) {
  const [stage, setStage] = useState<PipelineStage | null>(null);
  const [notes, setNotes] = useState('');
  const [lostReason, setLostReason] = useState('');
  const asksReason = entity === 'Lead' && stage?.kind === 'lost';
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stage) {
      setError(`Please select a pipeline stage to update the ${entity.toLowerCase()}.`);
      return;
    }
    onSubmit(stage, notes.trim(), asksReason ? lostReason.trim() : '');
  };

  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title={`Update ${entity} Pipeline Stage`}
      description={subjectName}
      dirty={notes.trim() !== '' || lostReason.trim() !== ''}
    >
      <StyledFormStack onSubmit={submit} noValidate>
        <MutedText>Current stage: {currentStageName || 'None'}</MutedText>
        <Combobox
          label="Pipeline stage"
          items={stages}
          selectedItem={stage}
          onSelect={(next) => {
            setStage(next);
            if (next) setError(null);
          }}
          getName={optionName}
          getDescription={optionDescription}
          getKey={optionKey}
          placeholder="Search stages..."
          emptyText={stageEmptyText}
          renderItem={renderStage}
        />
        {asksReason && <LostReasonField rows={2} value={lostReason} onChange={setLostReason} />}
        <TextAreaField label="Notes (optional)" rows={3} maxLength={NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
        {error && <StyledFormError role="alert">{error}</StyledFormError>}
        <DialogFooter>
          <DialogCancel />
          <Button type="submit">Update {entity} Stage</Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
