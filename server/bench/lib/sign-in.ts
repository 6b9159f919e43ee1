import { DEMO_STAFF } from '../../src/seed/seed';

export const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';

/** A user's request headers on a running bench server (the demo staff user's by default). */
export async function login(base: string, who: { email: string; password: string } = DEMO_STAFF): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  // As a browser sends them: the token and the csrftoken cookie it was given earlier.
  return { authorization: `Bearer ${token}`, cookie: `csrftoken=${CSRF}` };
}

/** The same headers for a request that changes something (the CSRF header too). */
export const writeHeaders = (auth: Record<string, string>) => ({ ...auth, 'content-type': 'application/json', 'x-csrftoken': CSRF });
