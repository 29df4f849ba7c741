// @ts-check
// A federation runtime plugin bundled into each remote's server build (create-webpack-config.cjs).
// The server build lives in `server/` inside the browser build's folder, and is loaded over HTTP from
// wherever that version is deployed, which no build knows. When its container starts, this sets its
// public path to the browser build's folder, read from the entry URL the host registered:
//   - the pictures the server renders get the very URLs the browser build gives them (no hydration
//     mismatch), and
//   - its chunks (`server/<name>.<hash>.js`) load from beside its entry.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only assigned: webpack makes it the public path
/* global __webpack_public_path__: writable */

/**
 * The entry URL the host registered for `name` (the host's module cache holds it while it loads
 * the entry), else the one the host announced in `globalThis.__PCPP_SERVER_REMOTE_ENTRIES__`.
 * @param {string} name
 * @returns {string | undefined}
 */
function registeredEntry(name) {
  /** @type {any} */
  const global = globalThis;
  const announced = global.__PCPP_SERVER_REMOTE_ENTRIES__?.[name];
  if (typeof announced === 'string') return announced;
  for (const instance of global.__FEDERATION__?.__INSTANCES__ ?? []) {
    const entry = instance?.moduleCache?.get(name)?.remoteInfo?.entry;
    if (typeof entry === 'string') return entry;
  }
  return undefined;
}

/** @returns {{ name: string, beforeInit: (args: any) => any }} */
module.exports = function serverPublicPathPlugin() {
  return {
    name: 'pcpp-server-public-path',
    beforeInit(args) {
      const entry = registeredEntry(args.options.name);
      if (!entry) throw new Error(`${args.options.name}: no registered server entry to take the public path from`);
      // `<version folder>/server/remoteEntry.js` → `<version folder>/`
      // @ts-expect-error webpack's own variable for the public path, replaced at build time
      __webpack_public_path__ = new URL('../', entry).href;
      return args;
    },
  };
};
