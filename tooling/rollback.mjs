#!/usr/bin/env node
// `npm run rollback -- <remote>`: ends the remote's rollout, or, with none under way, rolls back to the previous live version.
import { rollBackRemote } from './releases/release-store.mjs';

const [remote] = process.argv.slice(2);
if (!remote) {
  console.error('usage: npm run rollback -- <mf-shop|mf-dashboard|mf-admin>');
  process.exit(2);
}
try {
  const { action, releases } = await rollBackRemote(remote);
  console.log(
    action === 'aborted'
      ? `${releases.remote}: the rollout of ${releases.lastRollout?.version} is aborted; ${releases.live} is live for everyone.`
      : `${releases.remote} ${releases.live} is live again (rolled back).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
