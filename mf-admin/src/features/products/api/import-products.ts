import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, partImportAnswerSchema } from '@pcpp/contracts/core';

/** POST /tools/import?dryRun=: the CSV file as it is; per row, what it would do (dry run) or did. */
export async function importParts(csv: string, dryRun: boolean): Promise<ApiAnswer<'/tools/import', 'post'>> {
  const { data } = await apiClient.post<unknown>('/tools/import', csv, { params: { dryRun: String(dryRun) }, headers: { 'Content-Type': 'text/csv' } });
  return partImportAnswerSchema.parse(data);
}

export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importParts(csv, dryRun),
    onSuccess: (_answer, { dryRun }) =>
      dryRun
        ? undefined
        : Promise.all([queryClient.invalidateQueries({ queryKey: partKeys.all }), queryClient.invalidateQueries({ queryKey: activityKeys.all })]),
  });
}
