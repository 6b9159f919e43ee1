import type { RecordNote, RecordNoteListResponse, TimelineResponse } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/refusal';
import { assertRowTenant } from '../../tenancy/tenant-access';
import { userScope, type ScopeUser, type UserScope } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { notesRepository, type NotedRecord, type NotedRecordKind, writtenOn } from './repository';
import { timelineRepository } from './timeline-repository';

// The same words as the records' own routes (prospects and leads services), so a hidden record reads alike everywhere.
export const RECORD_NOT_FOUND_DETAIL: Record<NotedRecordKind, string> = { prospect: 'Prospect not found.', lead: 'Lead not found.' };
export const NOTE_NOT_FOUND_DETAIL = 'Note not found.';
export const NOTE_NOT_YOURS_DETAIL = 'Only its author changes or deletes a note.';

interface Seen {
  scope: UserScope;
  tenantId: string;
  record: NotedRecord;
}

export function notesService(db: Db) {
  const repo = notesRepository(db);

  /** The record when the user sees it; a hidden record, or another tenant's, is not found. */
  async function seen(user: ScopeUser, kind: NotedRecordKind, id: string): Promise<Seen> {
    const scope = userScope(user);
    const record = await repo.recordOf(scope, kind, id);
    const tenantId = assertRowTenant(user, record?.tenantId, RECORD_NOT_FOUND_DETAIL[kind]);
    return { scope, tenantId, record: record! };
  }

  /** The user's own note of a record they see. */
  async function ownNote(user: ScopeUser, kind: NotedRecordKind, id: string, noteId: string): Promise<Seen> {
    const found = await seen(user, kind, id);
    const note = await repo.find(found.tenantId, kind, id, noteId);
    if (!note) throw notFound(NOTE_NOT_FOUND_DETAIL);
    if (note.authorId !== user.id) throw forbidden(NOTE_NOT_YOURS_DETAIL);
    return found;
  }

  const audit = (kind: NotedRecordKind, id: string, record: NotedRecord) => ({
    targetType: 'note',
    targetName: record.name,
    details: { record_type: kind, record_id: id },
  });

  return {
    async list(user: ScopeUser, kind: NotedRecordKind, id: string): Promise<RecordNoteListResponse> {
      const { tenantId } = await seen(user, kind, id);
      return { notes: await repo.list(tenantId, kind, id) };
    },

    async create(user: ScopeUser, kind: NotedRecordKind, id: string, body: string, actor: AuditActor): Promise<RecordNote> {
      const { tenantId, record } = await seen(user, kind, id);
      return db.transaction(async (tx) => {
        const notes = notesRepository(tx);
        const noteId = await notes.insert(tenantId, writtenOn(kind, id, record), user.id, body);
        await recordAudit(tx, actor, { tenantId, action: 'note.created', targetId: noteId, ...audit(kind, id, record) });
        return (await notes.answer(tenantId, noteId))!;
      });
    },

    async update(user: ScopeUser, kind: NotedRecordKind, id: string, noteId: string, body: string, actor: AuditActor): Promise<RecordNote> {
      const { tenantId, record } = await ownNote(user, kind, id, noteId);
      return db.transaction(async (tx) => {
        const notes = notesRepository(tx);
        await notes.update(tenantId, noteId, body);
        await recordAudit(tx, actor, { tenantId, action: 'note.updated', targetId: noteId, ...audit(kind, id, record) });
        return (await notes.answer(tenantId, noteId))!;
      });
    },

    async remove(user: ScopeUser, kind: NotedRecordKind, id: string, noteId: string, actor: AuditActor): Promise<void> {
      const { tenantId, record } = await ownNote(user, kind, id, noteId);
      await db.transaction(async (tx) => {
        await notesRepository(tx).delete(tenantId, noteId);
        await recordAudit(tx, actor, { tenantId, action: 'note.deleted', targetId: noteId, ...audit(kind, id, record) });
      });
    },

    /** What happened to the record, newest first (a lead's with its prospect's history). */
    async timeline(user: ScopeUser, kind: NotedRecordKind, id: string): Promise<TimelineResponse> {
      const { scope, tenantId, record } = await seen(user, kind, id);
      const subject = kind === 'prospect' ? { prospectId: id, leadId: null } : { prospectId: record.prospectId, leadId: id };
      return { entries: await timelineRepository(db).entries(scope, tenantId, subject) };
    },
  };
}
