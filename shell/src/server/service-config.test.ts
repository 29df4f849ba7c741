/** @jest-environment node */
// The shell's /config.json as `npm start` derives it from the environment.
import { runtimeConfigFromEnv } from './service-config.cjs';

test('says demoDatabase only when the in-memory database stands in (DEMO_DATABASE=true)', () => {
  expect(runtimeConfigFromEnv({ DEMO_DATABASE: 'true' }).demoDatabase).toBe(true);
  expect('demoDatabase' in runtimeConfigFromEnv({})).toBe(false);
  expect('demoDatabase' in runtimeConfigFromEnv({ DEMO_DATABASE: 'false', MONGODB_URI: 'mongodb://db.example' })).toBe(false);
});
