import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the caller reached the server at: Host, or X-Forwarded-Host and X-Forwarded-Proto when
 * TRUST_PROXY trusts the proxy (Fastify reads them only then). A malformed host is refused, never echoed into a link.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host;
  if (!host || !HOST.test(host)) throw badRequest('Host: not a valid host name.');
  return `${request.protocol}://${host}`;
}
