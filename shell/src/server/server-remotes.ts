import type { ComponentType } from 'react';
import { LRUCache } from 'lru-cache';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { SERVER_PAGE_MODULE, type ServerPageModule } from '@pcpp/contracts';
import { REMOTE_ROUTES_MODULE, serverEntryUrl, withTimeout } from '@pcpp/contracts/core';
import type { RemoteVersion } from './types';

export interface ServerRemote {
  Routes: ComponentType;
  server: ServerPageModule;
}

/** A remote's files answer within this, or the load fails (a hanging origin must not hang renders). */
const FETCH_TIMEOUT_MS = 5_000;
/** The whole load (entry and chunks, some fetched by the remote's own runtime) gives up after this. */
const LOAD_TIMEOUT_MS = 15_000;
/** A version that failed to load is tried again after this. */
const RETRY_FAILED_AFTER_MS = 5_000;
/** Versions kept loaded: the live ones and the few before (a promote, a rollback). */
const KEPT_VERSIONS = 4;

registerPlugins([
  {
    name: 'pcpp-server-fetch',
    // Used by the runtime for the entry and by @module-federation/node for the chunks.
    async fetch(url: string, init?: RequestInit) {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      // The runtime would run a 404 page as JavaScript.
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
  },
]);

/** Loaded versions, the least recently used dropped first (its modules stay with the pages using them). */
const loads = new LRUCache<string, Promise<ServerRemote>>({ max: KEPT_VERSIONS });
/** One load at a time: another version of the same remote re-registers its name. */
let queue: Promise<unknown> = Promise.resolve();

async function load(name: string, entry: string): Promise<ServerRemote> {
  // The remote's server build takes its public path from this (tooling/webpack/server-public-path-plugin.cjs).
  const global = globalThis as { __PCPP_SERVER_REMOTE_ENTRIES__?: Record<string, string> };
  global.__PCPP_SERVER_REMOTE_ENTRIES__ = { ...global.__PCPP_SERVER_REMOTE_ENTRIES__, [name]: entry };
  // Another version of a remote loaded before: the runtime forgets it (its modules stay with the pages using them).
  registerRemotes([{ name, entry }], { force: true });
  const routes = await loadRemote<{ default?: ComponentType }>(`${name}/${REMOTE_ROUTES_MODULE}`);
  const server = await loadRemote<Partial<ServerPageModule>>(`${name}/${SERVER_PAGE_MODULE}`);
  if (!routes?.default) throw new Error(`${entry} exposes no ${REMOTE_ROUTES_MODULE}`);
  if (typeof server?.preparePage !== 'function') throw new Error(`${entry} exposes no ${SERVER_PAGE_MODULE} with preparePage`);
  return { Routes: routes.default, server: server as ServerPageModule };
}

/**
 * The server build of a remote version (`server/remoteEntry.js` beside its manifest), loaded once
 * through the federation runtime for Node and kept while it is among the last few used.
 */
export function loadServerRemote({ name, manifestUrl, fingerprint }: RemoteVersion): Promise<ServerRemote> {
  const entry = serverEntryUrl(manifestUrl);
  const key = `${entry}#${fingerprint}`;
  const known = loads.get(key);
  if (known) return known;
  const loading = withTimeout(
    queue.then(() => load(name, entry)),
    LOAD_TIMEOUT_MS,
    `${entry} did not load within ${LOAD_TIMEOUT_MS} ms`,
  );
  queue = loading.catch(() => undefined);
  loads.set(key, loading);
  loading.catch(() => {
    setTimeout(() => {
      if (loads.get(key) === loading) loads.delete(key);
    }, RETRY_FAILED_AFTER_MS).unref();
  });
  return loading;
}
