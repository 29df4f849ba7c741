import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BSON, type Collection } from 'mongodb';
import type { LiveRemoteDocument, ReleaseDocument } from './documents';

// Under `npm start` the database lives in memory: the registry (published versions, what is live,
// what rolls out, how the last rollout ended) is also kept in a file beside the release store, and
// restored from it when the api starts on an empty database (config.releaseRegistryFile).

type RegistryCollections = { releases: Collection<ReleaseDocument>; liveRemotes: Collection<LiveRemoteDocument> };

/** Writes the registry to `file` after each change; writes run one at a time, the last one wins. */
export function saveRegistryFile(collections: RegistryCollections, file: string): () => Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  return () => {
    writing = writing.then(async () => {
      const registry = { releases: await collections.releases.find({}).toArray(), live: await collections.liveRemotes.find({}).toArray() };
      await mkdir(path.dirname(file), { recursive: true });
      // A crash mid-write leaves the last whole file.
      const partial = `${file}.partial-${process.pid}`;
      await writeFile(partial, BSON.EJSON.stringify(registry, undefined, 2, { relaxed: false }));
      await rename(partial, file);
    });
    return writing;
  };
}

/** Restores the registry from `file` into a database that has none; answers how many versions came back. */
export async function restoreRegistryFile(collections: RegistryCollections, file: string): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if ((await collections.releases.countDocuments({})) > 0 || (await collections.liveRemotes.countDocuments({})) > 0) return 0;
  const registry = BSON.EJSON.parse(text, { relaxed: false }) as { releases: ReleaseDocument[]; live: LiveRemoteDocument[] };
  if (registry.releases.length > 0) await collections.releases.insertMany(registry.releases);
  if (registry.live.length > 0) await collections.liveRemotes.insertMany(registry.live);
  return registry.releases.length;
}
