import { readFileSync } from 'node:fs';
import { MongoClient, type Db } from 'mongodb';
import { e2eDatabaseUriFile } from './environment';

/**
 * The e2e stack's database, for what no page or api call can do: dating orders and refunds days
 * back, so a test need not wait days. The stack writes its address (DATABASE_URI_FILE in
 * playwright.config.ts); the api's database is `pcparts` unless MONGODB_DB says otherwise.
 */
export async function withStackDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  let uri: string;
  try {
    uri = readFileSync(e2eDatabaseUriFile, 'utf8').trim();
  } catch {
    throw new Error(`No ${e2eDatabaseUriFile}: the stack was not started by this e2e run (stop a running npm start and run again).`);
  }
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    return await work(client.db(process.env.MONGODB_DB || 'pcparts'));
  } finally {
    await client.close();
  }
}
