import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  idParamsSchema,
  noteParamsSchema,
  noteWriteSchema,
  recordNoteListResponseSchema,
  recordNoteSchema,
  TIMELINE_LIMIT,
  timelineResponseSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { NotedRecordKind } from './repository';
import { notesService as service } from './service';

const bearer = [{ bearerAuth: [] }];
const RECORDS: { kind: NotedRecordKind; path: string; tag: string }[] = [
  { kind: 'prospect', path: 'prospects', tag: 'prospects' },
  { kind: 'lead', path: 'leads', tag: 'leads' },
];

/** Notes on prospects and leads, and each record's timeline: visible exactly as the record is. */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  for (const { kind, path, tag } of RECORDS) {
    const tags = [tag];
    const base = `/crm/${path}/:id`;

    app.get(
      `${base}/notes`,
      {
        schema: {
          tags,
          summary: `The notes on a ${kind}, newest first, with their authors`,
          security: bearer,
          params: idParamsSchema,
          response: { 200: recordNoteListResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.list(request.db, kind, request.params.id),
    );

    app.post(
      `${base}/notes`,
      {
        schema: {
          tags,
          summary: `Write a note on a ${kind} (plain text, kept as typed)`,
          security: bearer,
          params: idParamsSchema,
          body: noteWriteSchema,
          response: { 201: recordNoteSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.db, kind, request.params.id, request.body.body, auditActor(request))),
    );

    app.put(
      `${base}/notes/:note_id`,
      {
        schema: {
          tags,
          summary: `Change a note on a ${kind} (its author only)`,
          security: bearer,
          params: noteParamsSchema,
          body: noteWriteSchema,
          response: { 200: recordNoteSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.update(request.db, kind, request.params.id, request.params.note_id, request.body.body, auditActor(request)),
    );

    app.delete(
      `${base}/notes/:note_id`,
      {
        schema: {
          tags,
          summary: `Delete a note on a ${kind} (its author only)`,
          security: bearer,
          params: noteParamsSchema,
          response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await service.remove(request.db, kind, request.params.id, request.params.note_id, auditActor(request));
        return { message: 'Note deleted.' };
      },
    );

    app.get(
      `${base}/timeline`,
      {
        schema: {
          tags,
          summary: `What happened to a ${kind}: changes, calls with their callers, notes${kind === 'lead' ? ', quotations' : ''}; newest first (at most ${TIMELINE_LIMIT})`,
          security: bearer,
          params: idParamsSchema,
          response: { 200: timelineResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.timeline(request.db, kind, request.params.id),
    );
  }
};
