import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Badge, Button, EmptyState, errorMessage, ErrorPanel, MutedText, Skeleton, toast } from '@app/shared';
import { CardBadges } from '@app/shared/ui/card-layout';
import { ConfirmDialog, Dialog, DialogFooter } from '@app/shared/staff';
import { bySortOrder } from '../lib/options';
import { StyledHeaderRow, StyledList, StyledRow, RowEditDelete } from './managed-list';

export interface ManagedOption {
  id: string;
  name: string;
  description: string | null;
  sort_order: number;
  is_active: boolean;
}

/** The titles, empty state and confirmation texts of one kind of option (statuses or stages). */
export interface ManageOptionsTexts {
  title: string;
  description: string;
  loading: string;
  loadFailedTitle: string;
  loadFailedMessage: string;
  emptyTitle: string;
  emptyHint: string;
  createFirst: string;
  add: string;
  deleted: string;
  deleteFailed: string;
  deleteTitle: string;
  deleteMessage: string;
}

export interface ManageOptionsDialogProps<T extends ManagedOption> {
  texts: ManageOptionsTexts;
  query: UseQueryResult<T[]>;
  remove: UseMutationResult<unknown, Error, string>;
  /** What stands before the name (the stage's colour dot). */
  renderMarker?: (option: T) => ReactNode;
  /** Badges after order and active (the status flags). */
  renderBadges?: (option: T) => ReactNode;
  /**
   * The create or edit form for `editing` (undefined: a new option). 'inline' puts it above the
   * list in place of the add button; 'dialog' opens it on top.
   */
  form: { placement: 'inline' | 'dialog'; render: (editing: T | undefined, done: () => void) => ReactNode };
  onDismiss: () => void;
}

type FormState<T> = { mode: 'create' } | { mode: 'edit'; option: T } | null;

/** Manage Status Options and Manage Pipeline Stages: the list, its states, add, edit and delete. */
export function ManageOptionsDialog<T extends ManagedOption>({
  texts,
  query,
  remove,
  renderMarker,
  renderBadges,
  form: formSpec,
  onDismiss,
}: ManageOptionsDialogProps<T>) {
  const { data, isPending, isError, refetch } = query;
  const [form, setForm] = useState<FormState<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const options = [...(data ?? [])].sort(bySortOrder);
  const inlineFormOpen = formSpec.placement === 'inline' && form !== null;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: texts.deleted, variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: errorMessage(error, texts.deleteFailed), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  let body;
  if (isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{texts.loading}</span>
        <Skeleton $height="3.5rem" />
      </div>
    );
  } else if (isError) {
    body = <ErrorPanel title={texts.loadFailedTitle} message={texts.loadFailedMessage} onRetry={() => void refetch()} />;
  } else if (options.length === 0 && !inlineFormOpen) {
    body = (
      <EmptyState title={texts.emptyTitle} hint={texts.emptyHint} action={<Button onClick={() => setForm({ mode: 'create' })}>{texts.createFirst}</Button>} />
    );
  } else {
    body = (
      <StyledList>
        {options.map((option) => (
          <StyledRow key={option.id}>
            <div>
              <h3>
                {renderMarker?.(option)}
                {option.name}
              </h3>
              {option.description && <MutedText>{option.description}</MutedText>}
              <CardBadges>
                <Badge>Order: {option.sort_order}</Badge>
                <Badge $tone={option.is_active ? 'success' : 'neutral'}>{option.is_active ? 'Active' : 'Inactive'}</Badge>
                {renderBadges?.(option)}
              </CardBadges>
            </div>
            <RowEditDelete name={option.name} onEdit={() => setForm({ mode: 'edit', option })} onDelete={() => setDeleting(option)} />
          </StyledRow>
        ))}
      </StyledList>
    );
  }

  const formElement = form && formSpec.render(form.mode === 'edit' ? form.option : undefined, () => setForm(null));
  return (
    <Dialog isOpen onDismiss={onDismiss} title={texts.title} description={texts.description} width="40rem">
      {options.length > 0 && !inlineFormOpen && (
        <StyledHeaderRow>
          <Button onClick={() => setForm({ mode: 'create' })}>{texts.add}</Button>
        </StyledHeaderRow>
      )}
      {formSpec.placement === 'inline' && formElement}
      {body}
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
      </DialogFooter>
      {formSpec.placement === 'dialog' && formElement}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={texts.deleteTitle}
        message={texts.deleteMessage}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}
