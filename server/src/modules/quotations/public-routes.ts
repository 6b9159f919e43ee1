import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptQuotationSchema, publicQuotationSchema, QUOTATION_LIMITS, quotationTokenParamsSchema, rejectQuotationSchema } from '@app/shared/contracts';
import { jsonBodyLimit } from '../../http/body-limits';
import { errorResponses, HttpError } from '../../http/errors';
import type { Limit } from '../../config';
import type { publicQuotationsService } from './public-service';
import { pdfResponse, sendPdf } from './routes';

export interface PublicQuotationRoutesOptions {
  service: ReturnType<typeof publicQuotationsService>;
  perIp: Limit;
}

const tags = ['quotations (client link)'];
const RATE_LIMIT_DETAIL = 'Too many requests. Please try again later.';

export const publicQuotationRoutes: FastifyPluginAsyncZod<PublicQuotationRoutesOptions> = async (app, { service, perIp }) => {
  // One budget per address over all link calls, so guessing tokens is slow.
  const config = {
    rateLimit: {
      max: perIp.max,
      timeWindow: perIp.windowMs,
      keyGenerator: (request: FastifyRequest) => `public-quotation:${request.ip}`,
      groupId: 'public-quotations',
      errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_DETAIL),
    },
  };

  app.get(
    '/public/quotations/:token',
    {
      config,
      schema: {
        tags,
        summary: 'The quotation as its client sees it through the link (no login); 410 once it has expired',
        params: quotationTokenParamsSchema,
        response: { 200: publicQuotationSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => service.view(request.params.token),
  );

  app.get(
    '/public/quotations/:token/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'The quotation as a PDF download, through the link',
        params: quotationTokenParamsSchema,
        response: { 200: pdfResponse, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { filename, bytes } = await service.pdf(request.params.token);
      return sendPdf(reply, filename, bytes);
    },
  );

  app.post(
    '/public/quotations/:token/accept',
    {
      bodyLimit: jsonBodyLimit(QUOTATION_LIMITS.acceptName),
      config,
      schema: {
        tags,
        summary: 'Accept the quotation under a name; a second decision answers 409',
        params: quotationTokenParamsSchema,
        body: acceptQuotationSchema,
        response: { 200: publicQuotationSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => service.accept(request.params.token, request.body.name, request.ip),
  );

  app.post(
    '/public/quotations/:token/reject',
    {
      bodyLimit: jsonBodyLimit(QUOTATION_LIMITS.rejectReason),
      config,
      schema: {
        tags,
        summary: 'Reject the quotation, optionally with a reason; a second decision answers 409',
        params: quotationTokenParamsSchema,
        body: rejectQuotationSchema,
        response: { 200: publicQuotationSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => service.reject(request.params.token, request.body.reason, request.ip),
  );
};
