/** @jest-environment node */
// The shell's /config.json as `npm start` derives it from the environment.
import { runtimeConfigSchema } from '@pcpp/contracts/core';
import { runtimeConfigFromEnv, serverRenderingFromEnv } from './service-config.cjs';

test('says demoDatabase only when the in-memory database stands in (DEMO_DATABASE=true)', () => {
  expect(runtimeConfigFromEnv({ DEMO_DATABASE: 'true' }).demoDatabase).toBe(true);
  expect('demoDatabase' in runtimeConfigFromEnv({})).toBe(false);
  expect('demoDatabase' in runtimeConfigFromEnv({ DEMO_DATABASE: 'false', MONGODB_URI: 'mongodb://db.example' })).toBe(false);
});

// The browser takes the config the shell's server writes into each page as it is (contracts'
// loadRuntimeConfig checks only a fetched /config.json): what is made here must fit its schema.
test('makes a config that fits the runtime config schema, by default and with every setting', () => {
  const everything = {
    PUBLIC_API_URL: 'https://api.example',
    REMOTE_REGISTRY_URL: 'https://api.example/remotes',
    RELEASES_PUBLIC_URL: 'https://releases.example/',
    MF_SHOP_MANIFEST_URL: 'https://shop.example/mf-manifest.json',
    MF_DASHBOARD_MANIFEST_URL: 'https://dashboard.example/mf-manifest.json',
    MF_ADMIN_MANIFEST_URL: 'https://admin.example/mf-manifest.json',
    FIREBASE_PROJECT_ID: 'pcparts',
    FIREBASE_API_KEY: 'key',
    FIREBASE_AUTH_DOMAIN: 'pcparts.example',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_SANDBOX_SCRIPT_URL: 'http://127.0.0.1:4111/js/stripe-stand-in.js',
    DEMO_DATABASE: 'true',
    DEMO_MAIL_INBOX_URL: 'http://127.0.0.1:1080',
  };
  for (const env of [{}, everything]) {
    const config = runtimeConfigFromEnv(env);
    expect(runtimeConfigSchema.parse(config)).toEqual(config);
  }
  expect(runtimeConfigFromEnv(everything).stripeSandboxScriptUrl).toBe(everything.STRIPE_SANDBOX_SCRIPT_URL);
});

test('waits 300 ms for a remote\'s manifest unless SSR_FETCH_TIMEOUT_MS says otherwise, and refuses a nonsense figure', () => {
  expect(serverRenderingFromEnv({}).fetchTimeoutMs).toBe(300);
  expect(serverRenderingFromEnv({ SSR_FETCH_TIMEOUT_MS: '2000' }).fetchTimeoutMs).toBe(2000);
  expect(() => serverRenderingFromEnv({ SSR_FETCH_TIMEOUT_MS: '0' })).toThrow('SSR_FETCH_TIMEOUT_MS must be a whole number of milliseconds (at least 1), got "0"');
  expect(() => serverRenderingFromEnv({ SSR_FETCH_TIMEOUT_MS: 'soon' })).toThrow('SSR_FETCH_TIMEOUT_MS must be a whole number');
});
