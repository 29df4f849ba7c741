#!/usr/bin/env node
// `npm run promote -- <remote> <version>`: what the Promote button of the Releases page does.
import { promoteRemote } from './releases/release-store.mjs';

const [remote, version] = process.argv.slice(2);
if (!remote || !version) {
  console.error('usage: npm run promote -- <mf-shop|mf-dashboard|mf-admin> <version>');
  process.exit(2);
}
try {
  const answer = await promoteRemote(remote, version);
  console.log(`${answer.remote} ${answer.live} is live (previous: ${answer.previous ?? 'none'}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
