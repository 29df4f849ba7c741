import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { randomSuffix } from '../test/helpers';

const API_DIR = path.join(__dirname, '..');
const BODY = JSON.stringify({ email: 'slow@example.com' });

interface LogLine {
  msg: string;
  url?: string;
}

/** Starts src/server.ts as `node` would run the build, on the test run's database. */
function startApi(env: NodeJS.ProcessEnv = {}): { child: ChildProcess; listening: Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '-r', './test/swc-register.js', 'src/server.ts'],
    {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        MONGODB_DB: `test_${randomSuffix()}`,
        API_PORT: '0',
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const listening = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const entry = JSON.parse(line) as LogLine;
        if (entry.msg.startsWith('api listening')) resolve(entry.url!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the api exited (${code}) before listening:\n${stderr}`)));
  });
  return { child, listening };
}

describe('start', () => {
  it('refuses to start without MONGODB_URI, saying how to get a database', async () => {
    const { child, listening } = startApi({ MONGODB_URI: '' });
    const refused = expect(listening).rejects.toThrow(/MONGODB_URI: is required.*`npm start`/);
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    await refused;
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const { child, listening } = startApi();
    try {
      const url = new URL(await listening);
      expect((await fetch(new URL('/readyz', url))).status).toBe(200);

      // A request whose body is still arriving when the signal comes.
      const slow = http.request(new URL('/user/slow@example.com', url), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) },
      });
      const response = once(slow, 'response').then(async ([res]) => {
        const incoming = res as http.IncomingMessage;
        let text = '';
        for await (const chunk of incoming) text += chunk;
        return { status: incoming.statusCode, body: JSON.parse(text) };
      });
      slow.write(BODY.slice(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 300));

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(child.exitCode).toBeNull(); // still waiting for the request
      await expect(fetch(new URL('/healthz', url))).rejects.toThrow(); // but not taking new ones

      slow.end(BODY.slice(5));
      // No ID token: the exchange answers 401, which proves the request ran to its end.
      expect(await response).toEqual({ status: 401, body: { message: expect.any(String) } });

      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
