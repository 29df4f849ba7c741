// The shell's /config.json as `npm start` derives it from the environment.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runtimeConfigFromEnv } from './service-config.cjs';

test('says demoDatabase only when the in-memory database stands in (DEMO_DATABASE=true)', () => {
  assert.equal(runtimeConfigFromEnv({ DEMO_DATABASE: 'true' }).demoDatabase, true);
  assert.equal('demoDatabase' in runtimeConfigFromEnv({}), false);
  assert.equal('demoDatabase' in runtimeConfigFromEnv({ DEMO_DATABASE: 'false', MONGODB_URI: 'mongodb://db.example' }), false);
});
