import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The versions the shell is built with (what it provides to remotes). */
export const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.18.5', '@pcpp/contracts': '1.0.0' };

/** A manifest shaped like @module-federation/enhanced's, with its shared packages. */
export function manifestOf(name: string, shared: Record<string, string>) {
  return {
    id: name,
    name,
    metaData: { name, publicPath: 'auto' },
    shared: Object.entries(shared).flatMap(([pkg, version]) => [
      { id: `${name}:${pkg}`, name: pkg, version, singleton: true, requiredVersion: `^${version}` },
      // Subpaths carry made-up versions in real manifests; they must not count.
      ...(pkg === 'react' ? [{ id: `${name}:react/jsx-runtime`, name: 'react/jsx-runtime', version: '1.0.0', singleton: true }] : []),
    ]),
    remotes: [],
    exposes: [],
  };
}

/**
 * A real HTTP server standing in for the release store and the shell's host: path → JSON body, or
 * a redirect. `hits` counts every request it received (a refused address must get none).
 */
export async function startManifestServer() {
  const files = new Map<string, unknown>();
  const redirects = new Map<string, string>();
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    const body = files.get(req.url ?? '');
    const location = redirects.get(req.url ?? '');
    if (location) res.writeHead(302, { Location: location }).end();
    else if (body === undefined) res.writeHead(404).end('Not found');
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    shellManifestUrl: `${base}/shell/mf-manifest.json`,
    /** Serves a manifest at /{remote}/{version}/mf-manifest.json and answers its URL. */
    publish(remote: string, version: string, shared: Record<string, string> = SHELL_SHARED, name = remote): string {
      const url = `/${remote}/${version}/mf-manifest.json`;
      files.set(url, manifestOf(name, shared));
      return `${base}${url}`;
    },
    set(path: string, body: unknown) {
      files.set(path, body);
    },
    /** Answers `path` with a 302 to `location`. */
    redirect(path: string, location: string) {
      redirects.set(path, location);
    },
    get hits() {
      return hits;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
