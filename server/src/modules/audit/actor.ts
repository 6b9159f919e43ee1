import type { FastifyRequest } from 'fastify';

/** Who acted and from where, as the trail keeps it: copies, so the entry outlives the user. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  clientIp: string | null;
}

/** The signed-in user of the request (none on public routes) and its client address. */
export function auditActor(request: FastifyRequest): AuditActor {
  return { userId: request.user?.id ?? null, email: request.user?.email ?? null, clientIp: request.ip ?? null };
}

/** Actions taken by no signed-in user: a client through a quotation link, a script run on the server. */
export const NO_ACTOR: AuditActor = { userId: null, email: null, clientIp: null };
