import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { randomSuffix } from './helpers';

const API_DIR = path.join(__dirname, '..');

interface LogLine {
  msg: string;
  url?: string;
  [field: string]: unknown;
}

export interface ApiProcess {
  child: ChildProcess;
  /** The api's URL once it listens; rejects when it exits first. */
  listening: Promise<string>;
  /** Resolves once a log line's message starts with `text` (checked from now on). */
  logged(text: string): Promise<void>;
  /** Every log line's message so far, oldest first. */
  messages: string[];
  /** Every log line so far, whole, oldest first. */
  lines: LogLine[];
}

/**
 * src/server.ts as `node` would run the build, in a process of its own, on the test run's
 * services (a database of its own unless `env` names one), on a free port.
 */
export function startApiProcess(env: NodeJS.ProcessEnv = {}): ApiProcess {
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
  const waiters: { text: string; resolve: () => void }[] = [];
  const messages: string[] = [];
  const lines: LogLine[] = [];
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const listening = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const received = buffered.split('\n');
      buffered = received.pop()!;
      for (const line of received) {
        const entry = JSON.parse(line) as LogLine;
        messages.push(entry.msg);
        lines.push(entry);
        if (entry.msg.startsWith('api listening')) resolve(entry.url!);
        for (const waiter of waiters) if (entry.msg.startsWith(waiter.text)) waiter.resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the api exited (${code}) before listening:\n${stderr}`)));
  });
  const logged = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { child, listening, logged, messages, lines };
}

/** SIGKILL unless it already ended. */
export function killApiProcess({ child }: ApiProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
