export const API_BASE = '/api/v1';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export async function ensureCsrfCookie() {
  // The server sets the cookie on any first response; a state-changing call made before any
  // other request (a visitor's first contact form send) fetches it first.
  if (!readCookie('csrftoken')) await fetch(`${API_BASE}/health`, { credentials: 'same-origin' }).catch(() => {});
}
