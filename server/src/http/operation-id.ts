/**
 * The operationId of each API operation, derived from its method and path alone, so it does not
 * depend on the order routes are registered in and stays the same while the route does:
 * GET /crm/prospects -> listProspects, GET /crm/prospects/:id -> getProspect,
 * POST /crm/prospects/change-status -> changeProspectStatus. Client generators name their
 * functions after it.
 */

/** Path prefixes that group routes without naming a resource. */
const GROUPS = ['crm', 'auth'];

/** A last path segment starting with one of these names an action on the resource before it. */
const ACTION_VERBS = new Set([
  'accept',
  'add',
  'change',
  'confirm',
  'convert',
  'duplicate',
  'login',
  'logout',
  'reject',
  'renew',
  'revert',
  'send',
  'skip',
  'solve',
]);

/** Routes whose path says what they work on but not what they do. */
const NAMED: Record<string, string> = {
  'GET /auth/me': 'getSignedInUser',
  'POST /auth/password-reset': 'requestPasswordReset',
  'POST /crm/prospects/bulk': 'uploadProspects',
  'POST /crm/call-queue/next': 'claimNextProspect',
  'POST /crm/call-queue/:prospect_id/outcome': 'recordCallOutcome',
  'POST /support/contact': 'sendContactMessage',
};

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
const words = (segment: string) => segment.split(/[-_]/).filter(Boolean);
const pascal = (segment: string) =>
  words(segment)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
const isPlural = (segment: string) => segment.endsWith('s');
const singular = (segment: string) => (segment.endsWith('ies') ? `${segment.slice(0, -3)}y` : isPlural(segment) ? segment.slice(0, -1) : segment);

export function operationIdOf(method: string, url: string): string {
  const path = url.replace(/^\/api\/v\d+/, '').replace(/\/+$/, '');
  const named = NAMED[`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`];
  if (named) return named;

  const segments = path.split('/').filter(Boolean);
  if (GROUPS.includes(segments[0])) segments.shift();
  // Each resource named before an id is one item of it: /quotations/:id/history -> quotation history.
  const resource: string[] = [];
  for (const segment of segments) {
    if (isParam(segment)) resource.push(singular(resource.pop() ?? ''));
    else resource.push(segment);
  }
  const last = segments.at(-1) ?? '';
  const verb = method.toLowerCase();

  if ((verb === 'post' || verb === 'put') && !isParam(last) && ACTION_VERBS.has(words(last)[0])) {
    const [action, ...rest] = words(resource.pop() ?? '');
    const target = resource.length ? [...resource.slice(0, -1), singular(resource.at(-1)!)] : [];
    return action + target.map(pascal).join('') + rest.map((word) => pascal(word)).join('');
  }

  let name: string;
  if (verb === 'get') name = !isParam(last) && isPlural(last) ? 'list' : 'get';
  else if (verb === 'post') {
    name = 'create';
    if (!isParam(last)) resource.push(singular(resource.pop() ?? ''));
  } else if (verb === 'put' || verb === 'patch') name = 'update';
  else name = verb;
  return name + resource.map(pascal).join('');
}
