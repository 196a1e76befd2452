/** The app's routes as the router knows them, for tests that must cover every route. */
import type { FastifyInstance } from 'fastify';

export type Route = { path: string; methods: string[] };

/** Routes from Fastify's printed tree (each line adds its segment to its parent's path). */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    if (match[3]) routes.push({ path, methods: match[3].split(', ').filter((method) => method !== 'HEAD') });
  }
  return routes;
}
