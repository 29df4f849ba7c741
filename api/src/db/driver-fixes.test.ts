import type net from 'node:net';
import { MongoClient } from 'mongodb';
import { startTcpRelay } from '../../test/tcp-relay';
import { failWritesOnDestroyedSockets } from './driver-fixes';

// What the driver keeps inside that these tests reach (the fix is about its internals).
interface DriverInternals {
  topology: {
    s: {
      servers: Map<
        string,
        {
          monitor: {
            connection: { closed: boolean; socket: net.Socket; command(ns: unknown, command: object, options: object): Promise<unknown> };
            requestCheck(): void;
          };
        }
      >;
    };
  };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ns } = require('mongodb/lib/utils') as { ns(namespace: string): unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A correctness bound: without the fix the answer never comes. */
const NEVER_MS = 8_000;

/** The promise's outcome, or 'still waiting' after NEVER_MS (the timer is cleared either way). */
async function outcomeOf(promise: Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), NEVER_MS);
  });
  const settled = promise.then(
    () => 'answered',
    (error: Error) => `${error.name}: ${error.message}`,
  );
  try {
    return await Promise.race([settled, waited]);
  } finally {
    clearTimeout(timer);
  }
}

const monitorOf = (client: MongoClient) => [...(client as unknown as DriverInternals).topology.s.servers.values()][0]!.monitor;

let client: MongoClient | undefined;
beforeAll(() => failWritesOnDestroyedSockets());
afterEach(async () => {
  await client?.close();
  client = undefined;
});

it('fails a command written to a connection whose socket was just destroyed, instead of waiting forever', async () => {
  client = new MongoClient(process.env.MONGODB_URI!, { heartbeatFrequencyMS: 60_000 });
  await client.connect();
  const { connection } = monitorOf(client);
  // As when the server ends it: destroyed, and its 'close' event not yet emitted.
  connection.socket.destroy();
  expect(connection.closed).toBe(false);
  const outcome = await outcomeOf(connection.command(ns('admin.$cmd'), { hello: 1 }, { socketTimeoutMS: 1_000 }));
  expect(outcome).toMatch(/^MongoNetworkError: connection .* closed$/);
  expect(connection.closed).toBe(true);
});

it('keeps the server monitor checking when its socket is destroyed as a check begins (the api stayed 503 after an outage)', async () => {
  client = new MongoClient(process.env.MONGODB_URI!, { heartbeatFrequencyMS: 2_000 });
  const heartbeats: string[] = [];
  client.on('serverHeartbeatStarted', () => heartbeats.push('started'));
  client.on('serverHeartbeatSucceeded', () => heartbeats.push('succeeded'));
  client.on('serverHeartbeatFailed', () => heartbeats.push('failed'));
  await client.connect();
  // Past the driver's 500 ms between checks, so the check asked for below starts at once.
  await sleep(700);
  heartbeats.length = 0;
  const monitor = monitorOf(client);
  monitor.connection.socket.destroy();
  // What a pooled connection's error does: asks the monitor for a check now.
  monitor.requestCheck();
  for (const deadline = Date.now() + NEVER_MS; Date.now() < deadline && !heartbeats.includes('succeeded'); ) await sleep(50);
  expect(heartbeats.slice(0, 2)).toEqual(['started', 'failed']);
  expect(heartbeats).toContain('succeeded');
  // And the client works on.
  expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
});

it('ends a write that waits for room when its connection closes (a large command to a server that stopped reading)', async () => {
  const database = new URL(process.env.MONGODB_URI!);
  const relay = await startTcpRelay({ host: database.hostname, port: Number(database.port) });
  try {
    client = new MongoClient(`mongodb://127.0.0.1:${relay.port}`, { heartbeatFrequencyMS: 60_000 });
    await client.connect();
    const { connection } = monitorOf(client);
    relay.stopReading();
    const sent = outcomeOf(connection.command(ns('outage.$cmd'), { insert: 'parts', documents: [{ text: 'x'.repeat(12_000_000) }] }, {}));
    // The socket's buffers fill: the driver waits for 'drain'.
    for (const deadline = Date.now() + NEVER_MS; Date.now() < deadline && !connection.socket.writableNeedDrain; ) await sleep(20);
    expect(connection.socket.writableNeedDrain).toBe(true);
    // Ended without an error (no 'error' event): only its 'close' tells.
    connection.socket.destroy();
    expect(await sent).toMatch(/^MongoNetworkError: connection .* closed$/);
  } finally {
    await client?.close();
    client = undefined;
    await relay.close();
  }
});
