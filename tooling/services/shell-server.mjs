// The shell's server as `npm start` runs it: the static server over the shell's browser build, with
// its pages rendered through the server build. Tests and the bench start more of them this way.
import path from 'node:path';

/** The shell's server build, beside its browser build `shell/dist`. */
export const SHELL_SERVER_BUILD = 'shell/dist-server/server.js';

/**
 * The node arguments of a shell's server on `port` (tooling/serve-static.mjs with --spa --pages).
 * @param {string} root the repository's root
 * @param {number} port
 */
export function shellServerArgs(root, port) {
  return [
    path.join(root, 'tooling/serve-static.mjs'),
    '--root', path.join(root, 'shell/dist'),
    '--port', String(port),
    '--spa', '--pages',
    '--server-build', path.join(root, SHELL_SERVER_BUILD),
  ];
}
