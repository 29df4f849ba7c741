// jest reads `testTimeout` only from the root config: in `npm test`'s one run of every workspace
// (jest.config.js' projects) the api's 30 s in api/jest.config.js does not apply, and its suites,
// which start a database and accounts, would get jest's 5 s on a busy machine.
jest.setTimeout(30_000);
