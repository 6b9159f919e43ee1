import type { FastifyInstance } from 'fastify';

/**
 * The methods each API path answers to, so a known path asked with another method answers 405
 * with an Allow header instead of 404. Registered before the routes: it learns them as they are added.
 */
export function trackAllowedMethods(app: FastifyInstance, prefix: string) {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  return (path: string): string[] => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    return [...allowed];
  };
}
