import type { Logger } from '../../logger';
import type { ReleasesService } from './service';

/**
 * Judges the rollouts under way (ReleasesService.judgeRollouts) twice per verdict interval, so a
 * rollout whose tick has come waits at most half an interval; each tick is claimed in the database,
 * so every api instance may run this timer. A round never overlaps the previous one.
 */
export function startRolloutVerdicts(deps: { releases: Pick<ReleasesService, 'judgeRollouts'>; intervalSeconds: number; logger: Logger }) {
  let current: Promise<void> | undefined;
  const tick = () => {
    if (current) return;
    current = deps.releases
      .judgeRollouts()
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error({ err: error, job: 'rollout verdicts' }, 'background job failed'))
      .finally(() => (current = undefined));
  };
  const timer = setInterval(tick, Math.max(500, (deps.intervalSeconds * 1000) / 2));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
