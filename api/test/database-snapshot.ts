import { createHash } from 'node:crypto';
import type { Express } from 'express';
import type { TestApi } from './helpers';

/**
 * Every collection's document count and a hash of its documents (in a fixed order), to prove a
 * refused request changed nothing. Rate-limit counters are left out: they count refused calls too,
 * on purpose.
 */
export async function databaseSnapshot(api: Pick<TestApi, 'database' | 'outbox'>): Promise<Record<string, string>> {
  // An email sent in the background updates its outbox entry: wait, so only the request is seen.
  await api.outbox.idle();
  const { rateLimits: _counted, ...collections } = api.database.collections;
  const entries = await Promise.all(
    Object.entries(collections).map(async ([name, collection]) => {
      const documents = (await collection.find({}).toArray()).map((document) => JSON.stringify(document)).sort();
      const hash = createHash('sha256').update(documents.join('\n')).digest('hex').slice(0, 16);
      return [name, `${documents.length} ${hash}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** `METHOD /path` of every route the app has, found in its router (Express 5: app.router.stack). */
export function routeTable(app: Express): string[] {
  interface Layer {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
    slash?: boolean;
  }
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) found.add(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) {
        // The routers are mounted at the root; a prefix would make the paths above wrong.
        if (!layer.slash) throw new Error('a router mounted under a path: teach routeTable its prefix');
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].sort();
}
