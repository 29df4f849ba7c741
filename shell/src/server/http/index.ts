// The shell's server as a library (shell/dist-server/http.js): `npm start` serves the shell, the
// remotes and the release store with it (tooling/serve-static.mjs), one static server for all.
export { startShellServer, type ShellServerOptions } from './shell-server';
export { startStaticServer, type StaticServerOptions, type RunningServer } from './static-server';
export { startShellTelemetry } from '../telemetry';
