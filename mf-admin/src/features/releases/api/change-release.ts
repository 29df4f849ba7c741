import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, releaseKeys } from '@pcpp/contracts';
import { type ApiAnswer, remoteReleasesSchema, type RemoteName } from '@pcpp/contracts/core';

type RemoteReleasesAnswer = ApiAnswer<'/releases/{remote}/promote', 'post'>;

/** POST /releases/{remote}/promote (admin): that version goes live; the api refuses one the shell cannot run. */
export function promoteRelease({ remote, version }: { remote: RemoteName; version: string }): Promise<RemoteReleasesAnswer> {
  return api.post('/releases/{remote}/promote', { params: { remote }, body: { version }, answer: remoteReleasesSchema });
}

/** POST /releases/{remote}/rollback (admin): the version live before the current one goes live again. */
export function rollBackRelease({ remote }: { remote: RemoteName }): Promise<ApiAnswer<'/releases/{remote}/rollback', 'post'>> {
  return api.post('/releases/{remote}/rollback', { params: { remote }, answer: remoteReleasesSchema });
}

/** How a rollout reaches the browsers: one share set by hand, or stages it rises through by itself. */
export type RolloutPlan = { percent: number } | { stages: number[]; stageMinutes: number };

/**
 * POST /releases/{remote}/rollout (admin): the version for `percent` % of the browsers (100: live),
 * or through `stages`, each held `stageMinutes` while it stays healthy.
 */
export function rollOutRelease({ remote, version, plan }: { remote: RemoteName; version: string; plan: RolloutPlan }): Promise<ApiAnswer<'/releases/{remote}/rollout', 'post'>> {
  return api.post('/releases/{remote}/rollout', { params: { remote }, body: { version, ...plan }, answer: remoteReleasesSchema });
}

/** POST /releases/{remote}/rollout/abort (admin): everyone gets the live version again. */
export function abortRollout({ remote }: { remote: RemoteName }): Promise<ApiAnswer<'/releases/{remote}/rollout/abort', 'post'>> {
  return api.post('/releases/{remote}/rollout/abort', { params: { remote }, answer: remoteReleasesSchema });
}

export type ReleaseChange =
  | { kind: 'promote'; remote: RemoteName; version: string }
  | { kind: 'rollback'; remote: RemoteName }
  | { kind: 'rollout'; remote: RemoteName; version: string; plan: RolloutPlan }
  | { kind: 'abort'; remote: RemoteName };

function changeRelease(change: ReleaseChange): Promise<RemoteReleasesAnswer> {
  switch (change.kind) {
    case 'promote':
      return promoteRelease(change);
    case 'rollback':
      return rollBackRelease(change);
    case 'rollout':
      return rollOutRelease(change);
    case 'abort':
      return abortRollout(change);
  }
}

/** Promote, roll back, roll out or abort; the releases and the activity log are stale afterwards. */
export function useChangeRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRelease,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
