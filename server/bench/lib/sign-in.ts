import { DEMO_STAFF } from '../../src/seed/seed';
import { CSRF } from '../crm';

/** The demo staff user's request headers (bearer token and CSRF cookie) on a running bench server. */
export async function staffHeaders(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
    body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password }),
  });
  const token = ((await response.json()) as { access_token: string }).access_token;
  return { authorization: `Bearer ${token}`, cookie: `csrftoken=${CSRF}` };
}
