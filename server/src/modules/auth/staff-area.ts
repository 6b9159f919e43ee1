import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { errorResponseSchema } from '@app/shared/contracts';
import { forbidden } from '../../lib/refusal';

export const STAFF_REQUIRED_DETAIL = 'Staff access required: this account is not a staff member. An admin can give it staff access on the Users page.';

/**
 * The staff app's areas: the CRM, quotations, email accounts, the customer messages and the bell's
 * notifications (which speak of CRM records, and keep coming to a user who has lost staff access).
 * Sign-in and the account's own routes (/auth) stay open to every signed-in user; the public routes
 * of these areas (the contact form) stay public.
 */
export const STAFF_AREAS = /^\/(crm|quotations|email|support|notifications)(\/|$)/;

/**
 * Every signed-in route of the staff areas requires the staff flag or admin (403 otherwise),
 * decided here for each route as it is added, not by each route: a route added later is covered
 * too. A route is signed-in when it declares security (the OpenAPI document's rule); its own
 * hooks (sign-in, admin) run first, so a missing token is still 401.
 */
export function registerStaffArea(app: FastifyInstance, prefix: string) {
  const requireStaff = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    if (!request.user?.isStaff && !request.user?.isAdmin) throw forbidden(STAFF_REQUIRED_DETAIL);
  };
  app.addHook('onRoute', (route) => {
    const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
    const schema = route.schema as { security?: unknown[]; response?: Record<number, unknown> } | undefined;
    if (!STAFF_AREAS.test(path) || !schema?.security?.length) return;
    const own: onRequestHookHandler[] = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...own, requireStaff];
    schema.response = { ...schema.response, 403: schema.response?.[403] ?? errorResponseSchema };
  });
}
