import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, type ApiAnswer, releaseKeys, remoteReleasesSchema, type RemoteName } from '@pcpp/contracts';

/** POST /releases/{remote}/promote (admin): that version goes live; the api refuses one the shell cannot run. */
export async function promoteRelease({ remote, version }: { remote: RemoteName; version: string }): Promise<ApiAnswer<'/releases/{remote}/promote', 'post'>> {
  const { data } = await apiClient.post<unknown>(`/releases/${remote}/promote`, { version });
  return remoteReleasesSchema.parse(data);
}

/** POST /releases/{remote}/rollback (admin): the version live before the current one goes live again. */
export async function rollBackRelease({ remote }: { remote: RemoteName }): Promise<ApiAnswer<'/releases/{remote}/rollback', 'post'>> {
  const { data } = await apiClient.post<unknown>(`/releases/${remote}/rollback`);
  return remoteReleasesSchema.parse(data);
}

/** Promote or roll back; the releases and the activity log are stale afterwards. */
export function useChangeRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { remote: RemoteName; version?: string }) =>
      change.version ? promoteRelease({ remote: change.remote, version: change.version }) : rollBackRelease(change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
