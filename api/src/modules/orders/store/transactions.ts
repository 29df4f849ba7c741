import type { ClientSession, Db, MongoClient } from 'mongodb';

/**
 * Whether the database runs multi-document transactions we can trust: a replica set member or a
 * mongos answers `hello` with `setName` or `msg: 'isdbgrid'`. A standalone mongod refuses them, and
 * the embedded jongodb accepts them but does not isolate them (db/conformance.test.ts: two
 * conditional updates in concurrent transactions both commit, and a commit overwrites what others
 * wrote meanwhile), so there the orders keep their invariants without (docs/architecture/order-module.md).
 */
export async function supportsTransactions(db: Db): Promise<boolean> {
  try {
    const hello = (await db.admin().command({ hello: 1 })) as { setName?: string; msg?: string };
    return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  } catch {
    return false;
  }
}

/** Runs work in one transaction when the database offers them (session given), else as it is (session undefined). */
export interface TransactionRunner {
  readonly enabled: boolean;
  run<T>(work: (session: ClientSession | undefined) => Promise<T>): Promise<T>;
}

export function createTransactionRunner(client: MongoClient | undefined, enabled: boolean): TransactionRunner {
  return {
    enabled: enabled && client !== undefined,
    async run(work) {
      if (!enabled || !client) return work(undefined);
      const session = client.startSession();
      try {
        // The driver retries the whole callback on a transient error (a write conflict with another transaction).
        return await session.withTransaction(() => work(session), { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } });
      } finally {
        await session.endSession();
      }
    },
  };
}

/** Never in a transaction: the embedded database, a standalone mongod, unit tests. */
export const NO_TRANSACTIONS: TransactionRunner = { enabled: false, run: (work) => work(undefined) };
