import { spawn } from 'node:child_process';
import http from 'node:http';
import { shellServerArgs } from '../../tooling/services/shell-server.mjs';
import { stackUrls } from './environment';
import { repoRoot } from './stack';

export interface ShellProcess {
  url: string;
  /** What its server logged (server rendering's reasons among it). */
  logs: () => string;
  close(): Promise<void>;
}

/**
 * The shell's server exactly as `npm start` runs it (tooling/serve-static.mjs --shell),
 * in its own process, with `env` over the stack's: where its remotes and api are, whether it renders
 * on the server (SERVER_RENDERING=off: it does not).
 */
export async function startShellProcess(port: number, env: Record<string, string>): Promise<ShellProcess> {
  let output = '';
  const child = spawn(
    process.execPath,
    shellServerArgs(repoRoot, port),
    {
      cwd: repoRoot,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: new URL(stackUrls.authEmulator).host, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`${url}/config.json`).then((response) => response.ok, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the shell's server on ${port} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    logs: () => output,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A proxy in front of the api, for the browser and the shell's server alike. Answers pass through
 * until `hold()`; from then on each answer waits, whole, until `release()`: a late api whose
 * lateness the test decides, so what must not wait for the api is shown not to, by the order of
 * events rather than by a stopwatch.
 */
export async function startHeldApi(port: number): Promise<{ url: string; hold(): void; release(): void; waiting(): string[]; close(): Promise<void> }> {
  const target = new URL(stackUrls.api);
  /** The answers waiting for release(), by the path they answer; null while answers pass. */
  let held: { path: string; send(): void }[] | null = null;
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const send = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (held) held.push({ path: req.url ?? '/', send });
        else send();
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const answers = held ?? [];
      held = null;
      for (const answer of answers) answer.send();
    },
    waiting: () => (held ?? []).map((answer) => answer.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
