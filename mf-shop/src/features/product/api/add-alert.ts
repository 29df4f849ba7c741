import { useMutation } from '@tanstack/react-query';
import { api } from '@pcpp/contracts';
import type { AlertInput } from '@pcpp/contracts/core';

/** POST /alerts (signed in): a back-in-stock or price alert on this part. */
export const useAddAlert = () =>
  useMutation({
    mutationFn: (input: AlertInput) => api.post('/alerts', { body: input, answer: () => import('@pcpp/contracts/core').then((core) => core.alertSchema) }),
  });
