import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptQuotationSchema,
  createQuotationSchema,
  idParamsSchema,
  quotationHistoryResponseSchema,
  quotationListQuerySchema,
  quotationListResponseSchema,
  quotationDetailSchema,
  quotationSchema,
  sendQuotationResponseSchema,
  updateQuotationSchema,
} from '@app/shared/contracts';
import { errorResponses, HttpError } from '../../http/errors';
import type { Limit } from '../../config';
import { auditActor } from '../audit';
import type { quotationsService } from './service';

export interface QuotationsRoutesOptions {
  service: ReturnType<typeof quotationsService>;
  pdfPerUser: Limit;
}

export const PDF_RATE_LIMIT_DETAIL = 'Too many PDF downloads in a short time. Please wait a minute and try again.';

const bearer = [{ bearerAuth: [] }];
const tags = ['quotations'];
/**
 * The PDF download's answer: only a success is a PDF, its errors are JSON { detail } like every
 * other route's, so the media type is given per status instead of for the whole operation.
 */
export const pdfResponse = {
  description: 'The quotation as a PDF file',
  content: { 'application/pdf': { schema: z.any().describe('The quotation as a PDF file') } },
};

export const quotationsRoutes: FastifyPluginAsyncZod<QuotationsRoutesOptions> = async (app, { service, pdfPerUser }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/quotations',
    {
      schema: {
        tags,
        summary: "A page of the tenant's quotations, newest first, with the counters over all of them",
        security: bearer,
        querystring: quotationListQuerySchema,
        response: { 200: quotationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenant_id, ...filters } = request.query;
      return service.list(request.db, request.tenant(tenant_id), filters, request.linkOrigin());
    },
  );

  app.post(
    '/quotations',
    {
      schema: {
        tags,
        summary: 'Create a draft quotation (the server numbers it and computes its amounts)',
        security: bearer,
        body: createQuotationSchema,
        response: { 201: quotationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...draft } = request.body;
      return reply.code(201).send(await service.create(request.db, request.tenant(tenant_id), draft, request.linkOrigin(), auditActor(request)));
    },
  );

  const byId = (summary: string, extra: Array<409 | 410> = []) => ({
    tags,
    summary,
    security: bearer,
    params: idParamsSchema,
    ...{ response: { ...errorResponses(400, 401, 404, ...extra) } },
  });

  app.get(
    '/quotations/:id',
    { schema: { ...byId('One quotation'), response: { 200: quotationDetailSchema, ...errorResponses(400, 401, 404) } } },
    async (request) => service.get(request.db, request.params.id, request.linkOrigin()),
  );

  app.put(
    '/quotations/:id',
    {
      schema: {
        ...byId('Replace the draft; a sent quotation goes back to draft and its link stops working; accepted or rejected ones answer 409'),
        body: updateQuotationSchema,
        response: { 200: quotationSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.update(request.db, request.params.id, request.body, request.linkOrigin(), auditActor(request)),
  );

  app.delete(
    '/quotations/:id',
    { schema: { ...byId('Delete a quotation and its history'), response: { 204: z.null(), ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/quotations/:id/duplicate',
    {
      schema: {
        ...byId("Copy a quotation as a new draft with a new number and today's dates"),
        response: { 201: quotationSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.duplicate(request.db, request.params.id, auditActor(request), request.linkOrigin())),
  );

  app.get(
    '/quotations/:id/pdf',
    {
      config: {
        rateLimit: {
          max: pdfPerUser.max,
          timeWindow: pdfPerUser.windowMs,
          // After authentication, so the limit counts per user rather than per address.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `quotation-pdf:${request.user?.id ?? request.ip}`,
          errorResponseBuilder: () => new HttpError(429, PDF_RATE_LIMIT_DETAIL),
        },
      },
      schema: { ...byId('The quotation as a PDF download'), response: { 200: pdfResponse, ...errorResponses(400, 401, 404, 429) } },
    },
    async (request, reply) => {
      const { filename, bytes } = await service.pdf(request.db, request.params.id);
      return sendPdf(reply, filename, bytes);
    },
  );

  app.post(
    '/quotations/:id/send',
    {
      schema: {
        ...byId(
          "Mark as sent and make the client's link (mailed to the client when mail is set up); it works until the end of valid_until. Limited per quotation and per user (429)",
        ),
        response: { 200: sendQuotationResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => service.send(request.db, request.params.id, auditActor(request), request.linkOrigin()),
  );

  app.post(
    '/quotations/:id/accept',
    {
      schema: {
        ...byId(
          "Record the client's acceptance given outside the link, under the client's name; the lead it was made from moves to the won stage. A draft, or an answered quotation, answers 409; one past its validity 400",
        ),
        body: acceptQuotationSchema,
        response: { 200: quotationSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.accept(request.db, request.params.id, request.body.name, auditActor(request), request.linkOrigin()),
  );

  app.get(
    '/quotations/:id/history',
    {
      schema: { ...byId('What happened to the quotation, newest first'), response: { 200: quotationHistoryResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => service.history(request.db, request.params.id),
  );
};

/** A PDF as a download named after the quote number. */
export function sendPdf(reply: import('fastify').FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .serializer((payload: unknown) => payload as string)
    .send(bytes);
}
