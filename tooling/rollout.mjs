#!/usr/bin/env node
// `npm run rollout -- <remote> <version> <percent>`: what Roll out / Raise / Complete of the Releases page do.
// `npm run rollout -- <remote> <version> 5,25,50,100 [stage minutes]`: a staged rollout, rising by itself.
import { rollOutRemote } from './releases/release-store.mjs';

const [remote, version, shareText = '', minutesText] = process.argv.slice(2);
const isPercent = (/** @type {number} */ value) => Number.isInteger(value) && value >= 1 && value <= 100;
const stages = shareText.includes(',') ? shareText.split(',').map(Number) : null;
const percent = stages ? null : Number(shareText);
const stageMinutes = minutesText === undefined ? undefined : Number(minutesText);
if (
  !remote ||
  !version ||
  (stages ? !stages.every(isPercent) : !isPercent(/** @type {number} */ (percent))) ||
  (stageMinutes !== undefined && (!stages || !(stageMinutes > 0)))
) {
  console.error('usage: npm run rollout -- <mf-shop|mf-dashboard|mf-admin> <version> <percent 1-100 | stages such as 5,25,50,100 [minutes per stage]>');
  process.exit(2);
}
try {
  const answer = await rollOutRemote(remote, version, stages ? { stages, ...(stageMinutes === undefined ? {} : { stageMinutes }) } : /** @type {number} */ (percent));
  const staged = answer.rollout?.stages ? ` in stages ${answer.rollout.stages.join(', ')} %, the next at ${answer.rollout.nextStageAt}` : '';
  console.log(
    answer.rollout
      ? `${answer.remote} ${answer.rollout.version} rolls out to ${answer.rollout.percent} % of the browsers (live: ${answer.live})${staged}.`
      : `${answer.remote} ${answer.live} is live (previous: ${answer.previous ?? 'none'}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
