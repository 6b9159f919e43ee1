import type { FastifyReply } from 'fastify';

/**
 * For routes whose answer is JSON text written already (the CRM lists, written by the database):
 * the route's serializer passes strings through, so the text is sent once, not quoted again.
 * Errors stay objects and are stringified.
 */
export const passJsonThrough = (data: unknown): string => (typeof data === 'string' ? data : JSON.stringify(data));

/** Sends JSON text as it is; the route's response schema still documents its shape. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(text);
}
