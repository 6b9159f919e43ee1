import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostKey, type AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The origin of links made for this request (quotation links, reset links): PUBLIC_URL when
     * set; else the address the caller used if its host is allowed, else the first allowed host.
     */
    linkOrigin(): string;
  }
}

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export type LinkOriginConfig = Pick<AppConfig, 'publicOrigin' | 'allowedHosts' | 'port'>;

/**
 * Host, or X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY trusts the proxy (Fastify reads
 * them only then): whoever sends the request chooses them, so a link follows them only onto an
 * allowed host. Anything else, a malformed host included, gets the first allowed host.
 */
export function linkOriginOf(request: FastifyRequest, config: LinkOriginConfig): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.host ?? '';
  const match = HOST.exec(host);
  // X-Forwarded-Proto is a header like any other: a link is http or https, never javascript: or the like.
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  if (match && config.allowedHosts.includes(hostKey(match[1]))) return `${scheme}://${host}`;
  return `http://${config.allowedHosts[0]}:${config.port}`;
}

export function registerLinkOrigin(app: FastifyInstance, config: LinkOriginConfig) {
  app.decorateRequest('linkOrigin', function linkOrigin(this: FastifyRequest) {
    return linkOriginOf(this, config);
  });
}
