import { configure } from '@testing-library/react';

// The front ends' tests read a real HTTP api: on a busy machine (CI runs suites side by side) an
// answer can take longer than testing-library's default 1 s to show (more than 5 s at a load of 8 on
// two cores), and a test waits for it. These are limits on waiting, not on speed: a fast machine
// never reaches them, and a test that fails still fails.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(45_000);
