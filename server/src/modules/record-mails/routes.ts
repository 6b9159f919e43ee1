import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedResponseSchema,
  idParamsSchema,
  mailComposeOptionsSchema,
  mailTemplateListQuerySchema,
  mailTemplateListSchema,
  mailTemplatePreviewResponseSchema,
  mailTemplatePreviewSchema,
  mailTemplateSchema,
  mailTemplateWriteSchema,
  recordMailListSchema,
  recordMailParamsSchema,
  recordMailSchema,
  sendRecordMailSchema,
} from '@app/shared/contracts';
import { errorResponses, HttpError } from '../../http/errors';
import type { Limit } from '../../config';
import { auditActor } from '../audit';
import type { NotedRecordKind } from '../notes';
import { recordMailsService as service } from './service';
import type { mailTemplatesService } from './templates';

export interface RecordMailsRoutesOptions {
  templates: ReturnType<typeof mailTemplatesService>;
  sendPerUser: Limit;
}

export const MAIL_SEND_LIMIT_DETAIL = 'Too many mails sent from records in a short time. Please wait and try again later.';

const bearer = [{ bearerAuth: [] }];
const RECORDS: { kind: NotedRecordKind; path: string; tag: string }[] = [
  { kind: 'prospect', path: 'prospects', tag: 'prospects' },
  { kind: 'lead', path: 'leads', tag: 'leads' },
];

const originalResponse = {
  description: 'The mail as it came or went (RFC 822), as a download',
  content: { 'message/rfc822': { schema: z.any().describe('The original mail') } },
};

/** A record's mail (seen exactly as the record is) and the tenant's mail templates. */
export const recordMailsRoutes: FastifyPluginAsyncZod<RecordMailsRoutesOptions> = async (app, { templates, sendPerUser }) => {
  app.addHook('onRequest', app.requireUser);

  for (const { kind, path, tag } of RECORDS) {
    const tags = [tag];
    const base = `/crm/${path}/:id`;

    app.get(
      `${base}/mails`,
      {
        schema: {
          tags,
          summary: `The mail of a ${kind}: its conversations, newest first, each with its mails oldest first (plain text)`,
          security: bearer,
          params: idParamsSchema,
          response: { 200: recordMailListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.list(request.db, kind, request.params.id),
    );

    app.get(
      `${base}/mail-options`,
      {
        schema: {
          tags,
          summary: `What a mail to a ${kind} may be written with: its addresses and the caller's connected mailboxes`,
          security: bearer,
          params: idParamsSchema,
          response: { 200: mailComposeOptionsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.composeOptions(request.db, kind, request.params.id),
    );

    app.post(
      `${base}/mails`,
      {
        config: {
          rateLimit: {
            max: sendPerUser.max,
            timeWindow: sendPerUser.windowMs,
            hook: 'preHandler',
            keyGenerator: (request: FastifyRequest) => `record-mail:${request.user?.id ?? request.ip}`,
            errorResponseBuilder: () => new HttpError(429, MAIL_SEND_LIMIT_DETAIL),
          },
        },
        schema: {
          tags,
          summary: `Write a mail to the ${kind}'s addresses from one of the caller's connected mailboxes; the outbox sends it through the mailbox's SMTP server`,
          security: bearer,
          params: idParamsSchema,
          body: sendRecordMailSchema,
          response: { 201: recordMailSchema, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.send(request.db, kind, request.params.id, request.body, auditActor(request))),
    );

    app.get(
      `${base}/mails/:mail_id/original`,
      {
        schema: {
          tags,
          summary: `A mail of the ${kind} as it came or went, as a download (never shown as a page)`,
          security: bearer,
          params: recordMailParamsSchema,
          response: { 200: originalResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const { bytes, fileName } = await service.original(request.db, kind, request.params.id, request.params.mail_id);
        return reply
          .type('message/rfc822')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .serializer((payload: unknown) => payload as string)
          .send(bytes);
      },
    );
  }

  const templateTags = ['mail templates'];

  app.get(
    '/crm/mail-templates',
    {
      schema: {
        tags: templateTags,
        summary: "The tenant's mail templates, by name",
        security: bearer,
        querystring: mailTemplateListQuerySchema,
        response: { 200: mailTemplateListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => templates.list(request.db, request.tenant(request.query.tenant_id)),
  );

  app.post(
    '/crm/mail-templates',
    {
      schema: {
        tags: templateTags,
        summary: 'Add a mail template (name, subject, body with merge fields); an unknown merge field is 400',
        security: bearer,
        body: mailTemplateWriteSchema,
        response: { 201: mailTemplateSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.create(request.db, request.tenant(request.body.tenant_id), request.body, auditActor(request))),
  );

  app.put(
    '/crm/mail-templates/:id',
    {
      schema: {
        tags: templateTags,
        summary: 'Change a mail template (its author or an admin)',
        security: bearer,
        params: idParamsSchema,
        body: mailTemplateWriteSchema,
        response: { 200: mailTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => templates.update(request.db, request.params.id, request.body, auditActor(request)),
  );

  app.delete(
    '/crm/mail-templates/:id',
    {
      schema: {
        tags: templateTags,
        summary: 'Delete a mail template (its author or an admin)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await templates.remove(request.db, request.params.id, auditActor(request));
      return { message: 'Mail template deleted.' };
    },
  );

  app.post(
    '/crm/mail-templates/preview',
    {
      schema: {
        tags: templateTags,
        summary: 'A subject and body filled on a record the caller sees (the fields without a value are named in missing); an unknown merge field is 400',
        security: bearer,
        body: mailTemplatePreviewSchema,
        response: { 200: mailTemplatePreviewResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => templates.preview(request.db, request.body, request.linkOrigin()),
  );
};
