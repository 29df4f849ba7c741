import { configure } from '@testing-library/react';

// The front ends' tests read a real HTTP api: on a busy machine (CI runs suites side by side) an
// answer can take longer than testing-library's default 1 s to show, and a test waits for a few.
// These are limits on waiting, not on speed: a fast machine never reaches them.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);
