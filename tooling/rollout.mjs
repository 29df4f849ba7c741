#!/usr/bin/env node
// `npm run rollout -- <remote> <version> <percent>`: what Roll out / Raise / Complete of the Releases page do.
import { rollOutRemote } from './releases/release-store.mjs';

const [remote, version, percentText] = process.argv.slice(2);
const percent = Number(percentText);
if (!remote || !version || !Number.isInteger(percent) || percent < 1 || percent > 100) {
  console.error('usage: npm run rollout -- <mf-shop|mf-dashboard|mf-admin> <version> <percent 1-100>');
  process.exit(2);
}
try {
  const answer = await rollOutRemote(remote, version, percent);
  console.log(
    answer.rollout
      ? `${answer.remote} ${answer.rollout.version} rolls out to ${answer.rollout.percent} % of the browsers (live: ${answer.live}).`
      : `${answer.remote} ${answer.live} is live (previous: ${answer.previous ?? 'none'}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
