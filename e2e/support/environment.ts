import os from 'node:os';
import path from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { chromiumLaunchOptions as chromiumLaunchOptionsFromEnv } from '../../tooling/chromium-launch-options.cjs';
import { servicePorts } from '../../contracts/src/service-config.cjs';

/** Debian's Chromium, else the one `npm install` unpacks (tooling/chromium-launch-options.cjs). */
export const chromiumLaunchOptions: LaunchOptions = chromiumLaunchOptionsFromEnv();

/**
 * Ports of the servers the tests start and stop themselves (beside the `npm start` stack).
 * E2E_PORT_BASE moves them (default 3100), so two checkouts can run their e2e tests side by side.
 */
const e2ePortBase = Number(process.env.E2E_PORT_BASE || 3100);
export const e2ePorts = {
  shell: e2ePortBase,
  shop: e2ePortBase + 1,
  admin: e2ePortBase + 3,
  /** A shell's server in its own process (support/shell-process.ts), and the slow api in front of the api. */
  shellProcess: e2ePortBase + 5,
  slowApi: e2ePortBase + 6,
  /** The project's OTLP/HTTP receiver (tooling/telemetry/otlp-receiver.cjs): the stack sends its traces there. */
  otlpReceiver: e2ePortBase + 8,
} as const;

/** Where the stack's traces go, and where a test reads them (GET /spans?traceId=…). */
export const otlpReceiverUrl = `http://127.0.0.1:${e2ePorts.otlpReceiver}`;

/** The log the stack's api and shell's server append to (LOG_FILE): JSON lines, each with its trace. */
export const e2eLogFile = path.join(os.tmpdir(), `pcpp-e2e-log-${e2ePortBase}.jsonl`);

/** The release store the e2e stack serves (RELEASES_DIR), apart from a developer's releases/. */
export const e2eReleaseStore = path.join(os.tmpdir(), `pcpp-e2e-release-store-${e2ePortBase}`);

/** Where the e2e stack writes its database's address (tooling/services/local-services.mjs): tests set past times there. */
export const e2eDatabaseUriFile = path.join(os.tmpdir(), `pcpp-e2e-database-uri-${e2ePortBase}`);

/** The `npm start` stack's ports, as tooling/start.mjs reads them (defaults or *_PORT variables). */
export const stackPorts = servicePorts();

export const stackUrls = {
  shell: `http://localhost:${stackPorts.shell}`,
  api: `http://localhost:${stackPorts.api}`,
  authEmulator: `http://127.0.0.1:${stackPorts.authEmulator}`,
  mailInbox: `http://127.0.0.1:${stackPorts.mailWeb}`,
  shop: `http://localhost:${stackPorts.shop}/mf-manifest.json`,
  dashboard: `http://localhost:${stackPorts.dashboard}/mf-manifest.json`,
  admin: `http://localhost:${stackPorts.admin}/mf-manifest.json`,
} as const;
