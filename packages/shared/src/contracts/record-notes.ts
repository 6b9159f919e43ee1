import { z } from 'zod';
import { ACTIVITY_KINDS } from './activities';
import { timestampSchema, uuidSchema } from './common';
import { NOTE_BODY_MAX_LENGTH } from './constants';

export { NOTE_BODY_MAX_LENGTH } from './constants';

/** A note's text is kept exactly as typed (no trimming); it must hold more than white space. */
export const noteBodySchema = z
  .string({ error: 'body: must be text' })
  .max(NOTE_BODY_MAX_LENGTH, `body: must be at most ${NOTE_BODY_MAX_LENGTH} characters`)
  .refine((body) => body.trim().length > 0, 'body: must not be empty');

/** POST /crm/{prospects|leads}/{id}/notes and PUT …/notes/{note_id}. */
export const noteWriteSchema = z.object({ body: noteBodySchema });
export type NoteWrite = z.infer<typeof noteWriteSchema>;

export const noteParamsSchema = z.object({ id: uuidSchema, note_id: uuidSchema });

export const recordNoteSchema = z.object({
  id: uuidSchema,
  body: z.string(),
  /** Null once the author's account is deleted. */
  author_id: uuidSchema.nullable(),
  /** Full name, else email; null once the author's account is deleted. */
  author_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type RecordNote = z.infer<typeof recordNoteSchema>;

export const recordNoteListResponseSchema = z.object({ notes: z.array(recordNoteSchema) });
export type RecordNoteListResponse = z.infer<typeof recordNoteListResponseSchema>;

/**
 * What a record's timeline lists: its history's entries (status and stage changes, calls,
 * quotations, origin, messages), its notes, its mails, and its quotations' sending and decisions.
 */
export const TIMELINE_KINDS = [...ACTIVITY_KINDS, 'note', 'task', 'mail'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The newest entries a record page's timeline shows. */
export const TIMELINE_LIMIT = 200;

export const timelineEntrySchema = z.object({
  /** Unique within the timeline (an entry's source and id), not a record id. */
  key: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  summary: z.string(),
  /** The entry's text: a note's body, a change's notes, a rejection's reason. */
  notes: z.string().nullable(),
  /** Who did it: full name, else email; null when unknown or deleted. */
  user_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineResponseSchema = z.object({ entries: z.array(timelineEntrySchema) });
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
