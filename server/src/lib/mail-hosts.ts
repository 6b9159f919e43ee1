import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which mail servers a mailbox may be connected to. A user types a host name, and the server
 * connects to it: without a rule, anyone could aim the check at the server's own network (its
 * database, its metadata service). By default only public addresses are reached; MAIL_HOSTS_ALLOWED
 * adds host names, addresses, ranges (CIDR) or the words `loopback` and `private`.
 *
 * The name is resolved once, each address checked, and the connection made to the checked address
 * itself (the name is kept for TLS), so a name that resolves to a public address for the check and
 * to a private one a moment later (DNS rebinding) never reaches the private one.
 */

/** Ranges a word in MAIL_HOSTS_ALLOWED stands for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '100.64.0.0/10'],
};

export interface MailHostRule {
  names: Set<string>;
  ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export class MailHostsConfigError extends Error {}

/** MAIL_HOSTS_ALLOWED's entries (comma-separated); throws MailHostsConfigError naming a bad one. */
export function parseMailHostsAllowed(raw: string | undefined): MailHostRule {
  const rule: MailHostRule = { names: new Set(), ranges: [] };
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const cidr of named) rule.ranges.push(ipaddr.parseCIDR(cidr));
    } else if (entry.includes('/')) {
      try {
        rule.ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new MailHostsConfigError(`MAIL_HOSTS_ALLOWED: "${entry}" is not an address range (such as 10.0.0.0/8).`);
      }
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      rule.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      rule.names.add(entry);
    } else {
      throw new MailHostsConfigError(
        `MAIL_HOSTS_ALLOWED: "${entry}" is not a host name, an address, a range or one of ${Object.keys(NAMED_RANGES).join(', ')}.`,
      );
    }
  }
  return rule;
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function normalized(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** Only plain unicast addresses of the internet are public; every special range (loopback, private, link-local, …) is not. */
export function isPublicAddress(address: string): boolean {
  return normalized(address).range() === 'unicast';
}

/** Whether the administrator allowed this address (by its range or address), public or not. */
export function allowedByRule(rule: MailHostRule, address: string): boolean {
  const parsed = normalized(address);
  return rule.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/** Why a server cannot be reached, in words for its user. */
export class MailHostError extends Error {
  constructor(
    readonly reason: 'not_found' | 'not_allowed',
    message: string,
  ) {
    super(message);
    this.name = 'MailHostError';
  }
}

export interface ResolvedMailHost {
  /** As typed (lower case, without brackets): what TLS checks the certificate against. */
  name: string;
  /** The checked address the connection is made to. */
  address: string;
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Resolves a mail server's name and picks an address the rule allows: a public one, or one the
 * administrator allowed (by name, address or range). Throws MailHostError otherwise.
 */
export async function resolveMailHost(rule: MailHostRule, host: string, lookup: Lookup = systemLookup): Promise<ResolvedMailHost> {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  let addresses: string[];
  if (net.isIP(name)) addresses = [name];
  else {
    try {
      addresses = await lookup(name);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new MailHostError('not_found', `The server name ${name} was not found. Check its spelling.`);
  }
  const byName = rule.names.has(name);
  const address = addresses.find((candidate) => byName || isPublicAddress(candidate) || allowedByRule(rule, candidate));
  if (!address) {
    throw new MailHostError(
      'not_allowed',
      `${name} is an address of a private network (${addresses[0]}), which this server does not connect to. An administrator can allow it with MAIL_HOSTS_ALLOWED.`,
    );
  }
  return { name, address };
}
