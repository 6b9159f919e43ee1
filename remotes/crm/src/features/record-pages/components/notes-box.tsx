import { Suspense, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorPanel, errorMessage, MutedText, refusalDetail, TextAreaField, toast, useSession, lazyPart } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/format/format';
import { NOTE_BODY_MAX_LENGTH } from '@app/shared/contracts/constants';
import type { RecordNote } from '@app/shared/forms';
import { useCreateRecordNote } from '../api/create-record-note';
import { useDeleteRecordNote } from '../api/delete-record-note';
import { useRecordNotes } from '../api/get-record-notes';
import type { RecordKind } from '../api/record-kind';
import { FoldedText } from '../../../components/folded-text';
import { useUpdateRecordNote } from '../api/update-record-note';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  > :first-child { align-self: stretch; }
`;

const StyledList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledNote = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
`;

const StyledBody = styled(FoldedText)`
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

// The confirmation loads when first asked for: the record page shows without it.
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');

/** The contracts (and zod) load when a note is first written, not with the page. */
const loadContracts = () => import('@app/shared/forms');

/** The body as the contract takes it, or the reason it does not (shown under the field). */
async function checkedBody(text: string): Promise<{ body: string } | { error: string }> {
  const { noteWriteSchema } = await loadContracts();
  const parsed = noteWriteSchema.safeParse({ body: text });
  return parsed.success ? { body: parsed.data.body } : { error: parsed.error.issues[0]?.message ?? 'body: invalid' };
}

function NoteEditor({
  initial,
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkedBody(text).then((checked) => {
      if ('error' in checked) return setError(checked.error);
      setError(undefined);
      onSubmit(checked.body).then(
        () => setText(initial === '' ? '' : checked.body),
        (failure: unknown) => {
          const refused = refusalDetail(failure);
          if (refused) setError(refused);
          else toast({ title: 'Error', description: errorMessage(failure, 'The note was not saved.'), variant: 'destructive' });
        },
      );
    });
  };
  return (
    <StyledForm onSubmit={submit}>
      <TextAreaField
        label={label}
        value={text}
        maxLength={NOTE_BODY_MAX_LENGTH}
        rows={3}
        error={error}
        onFocus={() => void loadContracts()}
        onChange={(event) => setText(event.target.value)}
      />
      <StyledActions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </StyledActions>
    </StyledForm>
  );
}

/** The notes on a record: anyone who sees it adds one; the author alone edits or deletes theirs. */
export function NotesBox({ tenantId, kind, id }: { tenantId: string; kind: RecordKind; id: string }) {
  const { user } = useSession();
  const notes = useRecordNotes(tenantId, kind, id);
  const create = useCreateRecordNote(tenantId, kind, id);
  const update = useUpdateRecordNote(tenantId, kind, id);
  const remove = useDeleteRecordNote(tenantId, kind, id);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RecordNote | null>(null);

  const confirmDelete = (note: RecordNote) =>
    remove.mutate(note.id, {
      onSuccess: () => toast({ title: 'Note deleted', variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'The note was not deleted.'), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <NoteEditor initial="" label="Add a note" submitLabel="Add Note" busy={create.isPending} onSubmit={(body) => create.mutateAsync({ body })} />
      {notes.isPending && <MutedText>Loading notes...</MutedText>}
      {notes.isError && (
        <ErrorPanel title="Could not load the notes" message={errorMessage(notes.error, 'Please try again.')} onRetry={() => void notes.refetch()} />
      )}
      {notes.data && notes.data.notes.length > 0 && (
        <StyledList aria-label="Notes">
          {notes.data.notes.map((note) => (
            <StyledNote key={note.id}>
              {editing === note.id ? (
                <NoteEditor
                  initial={note.body}
                  label="Edit note"
                  submitLabel="Save Note"
                  busy={update.isPending}
                  onSubmit={(body) => update.mutateAsync({ noteId: note.id, body: { body } }).then(() => setEditing(null))}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <StyledBody text={note.body} />
                  <MutedText>
                    {note.author_name ?? 'A former user'} · {formatDateTimeLong(note.created_at)}
                    {note.updated_at !== note.created_at ? ' (edited)' : ''}
                  </MutedText>
                  {note.author_id === user?._id && (
                    <StyledActions>
                      <Button $variant="secondary" onClick={() => setEditing(note.id)}>
                        Edit
                      </Button>
                      <Button $variant="secondary" onClick={() => setDeleting(note)}>
                        Delete
                      </Button>
                    </StyledActions>
                  )}
                </>
              )}
            </StyledNote>
          ))}
        </StyledList>
      )}
      <Suspense fallback={null}>
        {deleting && (
          <ConfirmDialog
            isOpen
            title="Delete Note"
            message="Delete this note? This action cannot be undone."
            busy={remove.isPending}
            onConfirm={() => confirmDelete(deleting)}
            onCancel={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </>
  );
}
