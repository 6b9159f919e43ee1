import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callsReportSchema, funnelReportSchema, pipelineReportSchema, type ReportKind, reportQuerySchema, wonLostReportSchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { reportCsv, reportFilename, type ReportOf } from './csv';
import { reportsService as service, type ReportsService } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['reports'];

const reports = {
  pipeline: {
    schema: pipelineReportSchema,
    summary: 'Of the leads created in the range: per stage count and value, the pipeline (open deals) with its weighted value, and the won and lost deals',
    run: 'pipeline',
  },
  'won-lost': {
    schema: wonLostReportSchema,
    summary: 'Per month of the range: leads won and lost, their values and the win rate, with the lost reasons',
    run: 'wonLost',
  },
  calls: { schema: callsReportSchema, summary: "Per user and day of the range: calls counted by the goals and the goals' target", run: 'calls' },
  funnel: {
    schema: funnelReportSchema,
    summary:
      'The prospects created in the range, those of them that became leads and those leads won, with conversion rates and the median days from lead to won',
    run: 'funnel',
  },
} as const satisfies Record<ReportKind, { schema: z.ZodType; summary: string; run: keyof ReportsService }>;

/** The reports of a tenant, over the records the caller may see: JSON, or CSV with format=csv. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  for (const kind of Object.keys(reports) as ReportKind[]) {
    const { schema, summary, run } = reports[kind];
    app.get(
      `/crm/reports/${kind}`,
      {
        schema: {
          tags,
          summary,
          security: bearer,
          querystring: reportQuerySchema,
          response: {
            200: {
              description: `The ${kind} report (JSON, or CSV with format=csv)`,
              content: { 'application/json': { schema }, 'text/csv': { schema: z.string().describe('The report as a CSV file') } },
            },
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { tenant_id, format, ...filters } = request.query;
        const report = await service[run](request.db, request.tenant(tenant_id), filters);
        if (format !== 'csv') return reply.type('application/json; charset=utf-8').send(report);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFilename(kind, report)}"`)
          .header('cache-control', 'no-store')
          .serializer((payload: unknown) => payload as string)
          .send(reportCsv(kind, report as ReportOf<typeof kind>));
      },
    );
  }
};
