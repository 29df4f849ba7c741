import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@pcpp/contracts';
import type { AlertInput } from '@pcpp/contracts/core';

/** POST /alerts (signed in): a back-in-stock or price alert on this part. */
export const useAddAlert = () => useMutation({ mutationFn: async (input: AlertInput) => (await apiClient.post('/alerts', input)).data });
