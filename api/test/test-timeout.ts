// A suite's test may wait for the database, the auth emulator and the Stripe sandbox several times:
// 30 s before jest gives up (its default is 5 s). Set here, per test file, because a project's
// `testTimeout` is ignored when jest runs every project from the root (`npm run test:unit`): only
// the root's counts. A limit on waiting, not on speed.
jest.setTimeout(30_000);
