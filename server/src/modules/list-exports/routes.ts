import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadExportQuerySchema, prospectExportQuerySchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { ReaderGoneError } from './sheet-writers';
import type { ExportList, listExportsService } from './service';

export interface ListExportsRoutesOptions {
  service: ReturnType<typeof listExportsService>;
}

const bearer = [{ bearerAuth: [] }];

const fileResponse = (list: ExportList) => ({
  description: `The ${list} of the filter as a CSV file or an Excel workbook`,
  content: {
    'text/csv': { schema: z.string().describe(`The ${list} as CSV (UTF-8 with a byte order mark)`) },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.any().describe(`The ${list} as an Excel workbook`) },
  },
});

export const listExportsRoutes: FastifyPluginAsyncZod<ListExportsRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  const lists = [
    { list: 'prospects', querystring: prospectExportQuerySchema },
    { list: 'leads', querystring: leadExportQuerySchema },
  ] as const;

  for (const { list, querystring } of lists) {
    app.get(
      `/crm/${list}/export`,
      {
        schema: {
          tags: [list],
          summary: `Download the ${list} list (its filters, the records the caller sees, up to 100,000 rows) as CSV or Excel; audited. A user downloads at most EXPORTS_AT_ONCE_PER_USER exports at once and a tenant EXPORTS_AT_ONCE_PER_TENANT (429 beyond)`,
          security: bearer,
          querystring,
          response: { 200: fileResponse(list), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const { tenant_id, ...query } = request.query;
        const opened = await service.open(request.db, list, request.tenant(tenant_id), query, auditActor(request));
        const { spool } = opened.writer;
        const body = spool.createReadStream();
        // No other reader: the spool's file goes once this one has read it (or is closed).
        spool.release();
        // Sent, or given up by its client: its place is free again, and a client gone stops the reading.
        let sent = false;
        reply.raw.once('finish', () => (sent = true));
        reply.raw.once('close', () => {
          if (!sent) spool.destroy();
          void opened.lease.release();
        });
        // Rows are read into the spool while the response is sent; a failure midway can only cut the file short.
        opened.run().catch((error: unknown) => {
          if (!(error instanceof ReaderGoneError)) request.log.error({ err: error }, `The ${list} export failed midway`);
          spool.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .type(opened.contentType)
          .header('content-disposition', `attachment; filename="${opened.filename}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
};
