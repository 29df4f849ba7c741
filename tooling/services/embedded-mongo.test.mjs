import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from './embedded-mongo.mjs';

// Under `npm start` the in-memory database may die (a crash, the OOM killer): it comes back on the
// same port, empty, and the api reconnects and reseeds by itself (api/src/database-outage.test.ts).

/**
 * Our descendants' pids whose command line includes `text`.
 * @param {string} text
 */
function descendantsRunning(text) {
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The command name sits in parentheses and may hold spaces: the ppid is the 2nd field after it.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const isOurs = (/** @type {number} */ pid) => {
    for (let current = pid; current > 1; current = parentOf.get(current) ?? 0) if (current === process.pid) return true;
    return false;
  };
  return [...parentOf.keys()].filter((pid) => {
    if (pid === process.pid || !isOurs(pid)) return false;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return command.includes(text) && !command.includes('watchdog');
    } catch {
      return false;
    }
  });
}

/** @type {string[]} */
const lines = [];
const database = await startEmbeddedMongo({ log: (line) => lines.push(line) });
after(() => database.stop());

test('an in-memory database that dies comes back at the same address, empty; a deliberate stop stays stopped', { skip: !database.inMemory && 'a mongod from PATH keeps its own data' }, async () => {
  const client = new MongoClient(database.uri, { serverSelectionTimeoutMS: 1_000 });
  try {
    await client.db('check').collection('parts').insertOne({ name: 'before the crash' });
    const [databasePid] = descendantsRunning('jongodb');
    assert.ok(databasePid, 'the database process runs under this test');
    process.kill(databasePid, 'SIGKILL');

    // The same URI answers again, from a new process with no data.
    let count;
    for (let attempt = 0; attempt < 40 && count === undefined; attempt++) {
      try {
        count = await client.db('check').collection('parts').countDocuments();
      } catch {
        await delay(200);
      }
    }
    assert.equal(count, 0);
    assert.notEqual(descendantsRunning('jongodb')[0], databasePid);
    assert.ok(lines.some((line) => /stopped unexpectedly; starting it again on port \d+/.test(line)), lines.join('\n'));
  } finally {
    await client.close();
  }
  await database.stop();
  await delay(500);
  assert.deepEqual(descendantsRunning('jongodb'), []);
});
