import { ACTIVITY_HISTORY_LIMIT, activityListResponseSchema, idParamsSchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';

/** The route options of GET /crm/{prospects|leads}/{id}/activities. */
export function activitiesRouteOptions(tag: string, about: string) {
  return {
    schema: {
      tags: [tag],
      summary: `${about}, newest first (at most ${ACTIVITY_HISTORY_LIMIT})`,
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: { 200: activityListResponseSchema, ...errorResponses(400, 401, 404) },
    },
  };
}
