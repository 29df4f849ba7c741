import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browsers on this network. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Ports of the servers the tests start and stop themselves (beside the `npm start` stack). */
export const e2ePorts = { shell: 3100, shop: 3101, admin: 3103 } as const;

export const stackUrls = {
  api: 'http://localhost:4000',
  authEmulator: 'http://127.0.0.1:9099',
  shop: 'http://localhost:3001/mf-manifest.json',
  dashboard: 'http://localhost:3002/mf-manifest.json',
  admin: 'http://localhost:3003/mf-manifest.json',
} as const;
