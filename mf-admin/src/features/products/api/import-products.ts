import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { partImportAnswerSchema } from '@pcpp/contracts/core';

/** POST /tools/import?dryRun=: the CSV file as it is; per row, what it would do (dry run) or did. */
export function importParts(csv: string, dryRun: boolean) {
  return api.post('/tools/import', {
    query: { dryRun: dryRun ? 'true' : 'false' },
    body: csv,
    headers: { 'Content-Type': 'text/csv' },
    answer: partImportAnswerSchema,
  });
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
