import type { RecordNote, RecordNoteListResponse, TimelineResponse } from '@app/shared/contracts';
import { forbidden, notFound } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { notesRepository, type NotedRecord, type NotedRecordKind, writtenOn } from './repository';
import { timelineRepository } from './timeline-repository';

// The same words as the records' own routes (prospects and leads services), so a hidden record reads alike everywhere.
export const RECORD_NOT_FOUND_DETAIL: Record<NotedRecordKind, string> = { prospect: 'Prospect not found.', lead: 'Lead not found.' };
export const NOTE_NOT_FOUND_DETAIL = 'Note not found.';
export const NOTE_NOT_YOURS_DETAIL = 'Only its author changes or deletes a note.';

/** The record when the caller sees it; a hidden record, or another tenant's, is not found. */
function seen(db: ScopedDb, kind: NotedRecordKind, id: string): Promise<NotedRecord> {
  return notesRepository(db).visible(kind, id, RECORD_NOT_FOUND_DETAIL[kind]);
}

/** The caller's own note of a record they see. */
async function ownNote(db: ScopedDb, kind: NotedRecordKind, id: string, noteId: string): Promise<NotedRecord> {
  const record = await seen(db, kind, id);
  const note = await notesRepository(db).find(record.tenantId, kind, id, noteId);
  if (!note) throw notFound(NOTE_NOT_FOUND_DETAIL);
  if (note.authorId !== db.scope.userId) throw forbidden(NOTE_NOT_YOURS_DETAIL);
  return record;
}

const audit = (kind: NotedRecordKind, id: string, record: NotedRecord) => ({
  targetType: 'note',
  targetName: record.name,
  details: { record_type: kind, record_id: id },
});

/** Notes on prospects and leads, and a record's timeline: each call on the caller's database (request.db). */
export const notesService = {
  async list(db: ScopedDb, kind: NotedRecordKind, id: string): Promise<RecordNoteListResponse> {
    const { tenantId } = await seen(db, kind, id);
    return { notes: await notesRepository(db).list(tenantId, kind, id) };
  },

  async create(db: ScopedDb, kind: NotedRecordKind, id: string, body: string, actor: AuditActor): Promise<RecordNote> {
    const record = await seen(db, kind, id);
    const { tenantId } = record;
    return db.transaction(async (tx) => {
      const notes = notesRepository(tx);
      const noteId = await notes.insert(tenantId, writtenOn(kind, id, record), tx.scope.userId!, body);
      await recordAudit(tx, actor, { tenantId, action: 'note.created', targetId: noteId, ...audit(kind, id, record) });
      return (await notes.answer(tenantId, noteId))!;
    });
  },

  async update(db: ScopedDb, kind: NotedRecordKind, id: string, noteId: string, body: string, actor: AuditActor): Promise<RecordNote> {
    const record = await ownNote(db, kind, id, noteId);
    const { tenantId } = record;
    return db.transaction(async (tx) => {
      const notes = notesRepository(tx);
      await notes.update(tenantId, noteId, body);
      await recordAudit(tx, actor, { tenantId, action: 'note.updated', targetId: noteId, ...audit(kind, id, record) });
      return (await notes.answer(tenantId, noteId))!;
    });
  },

  async remove(db: ScopedDb, kind: NotedRecordKind, id: string, noteId: string, actor: AuditActor): Promise<void> {
    const record = await ownNote(db, kind, id, noteId);
    const { tenantId } = record;
    await db.transaction(async (tx) => {
      await notesRepository(tx).delete(tenantId, noteId);
      await recordAudit(tx, actor, { tenantId, action: 'note.deleted', targetId: noteId, ...audit(kind, id, record) });
    });
  },

  /** What happened to the record, newest first (a lead's with its prospect's history). */
  async timeline(db: ScopedDb, kind: NotedRecordKind, id: string): Promise<TimelineResponse> {
    const record = await seen(db, kind, id);
    const subject = kind === 'prospect' ? { prospectId: id, leadId: null } : { prospectId: record.prospectId, leadId: id };
    return { entries: await timelineRepository(db).entries(record.tenantId, subject) };
  },
};
