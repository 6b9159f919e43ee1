import proxyaddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fastifyTrustProxy, hostKey, type AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The origin of links made for this request (quotation links, reset links): PUBLIC_URL when
     * set; else the host the caller used if it is allowed, else the first allowed host.
     */
    linkOrigin(): string;
  }
}

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443 };

export type LinkOriginConfig = Pick<AppConfig, 'publicOrigin' | 'allowedHosts' | 'port' | 'trustProxy'>;

/** Whether the peer of a request's connection is a proxy TRUST_PROXY trusts (the test Fastify makes for X-Forwarded-*). */
function trustedPeer(config: LinkOriginConfig): (address: string) => boolean {
  const trust = fastifyTrustProxy(config.trustProxy);
  if (!trust) return () => false;
  const compiled = typeof trust === 'function' ? trust : proxyaddr.compile(trust);
  return (address) => compiled(address, 0);
}

function origin(scheme: string, host: string, port: number): string {
  return port === DEFAULT_PORT[scheme] ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/**
 * Host, or X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY trusts the proxy (Fastify reads
 * them only then): whoever sends the request chooses them, so a link follows them only onto an
 * allowed host. Its port is the one the server was reached on (the connection's own), not one the
 * Host header names, unless a trusted proxy says where it is. Anything else, a malformed host
 * included, gets the first allowed host.
 */
function linkOriginOf(request: FastifyRequest, config: LinkOriginConfig, viaTrustedProxy: (address: string) => boolean): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.host ?? '';
  const match = HOST.exec(host);
  // X-Forwarded-Proto is a header like any other: a link is http or https, never javascript: or the like.
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const socket = request.raw.socket;
  const ownPort = socket?.localPort || config.port;
  if (match && config.allowedHosts.includes(hostKey(match[1]))) {
    // A trusted proxy's address is the public one, its port included (none: the scheme's own).
    if (socket?.remoteAddress !== undefined && viaTrustedProxy(socket.remoteAddress)) return `${scheme}://${host}`;
    return origin(scheme, match[1], ownPort);
  }
  return `http://${config.allowedHosts[0]}:${ownPort}`;
}

export function registerLinkOrigin(app: FastifyInstance, config: LinkOriginConfig) {
  const viaTrustedProxy = trustedPeer(config);
  app.decorateRequest('linkOrigin', function linkOrigin(this: FastifyRequest) {
    return linkOriginOf(this, config, viaTrustedProxy);
  });
}
