import { configure } from '@testing-library/react';

// The pages read a real HTTP api: on a busy machine an answer can take longer than the default 1 s
// to show, and a test makes a few of them.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);
