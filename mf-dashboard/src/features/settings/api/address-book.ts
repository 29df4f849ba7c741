import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, useAuth, userKeys } from '@pcpp/contracts';
import { type AddressCreateInput, addressBookEntrySchema, addressDeletedAnswerSchema, type AddressUpdateInput } from '@pcpp/contracts/core';

/**
 * Adding, editing, making default and deleting a saved address: the book and the profile (whose
 * Address is the default's) are read again after each.
 */
export function useAddressBookChanges() {
  const email = useAuth((s) => s.user?.email ?? '');
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.addresses(email) }), queryClient.invalidateQueries({ queryKey: userKeys.profile(email) })]);
  return {
    add: useMutation({ mutationFn: (body: AddressCreateInput) => api.post('/me/addresses', { body, answer: addressBookEntrySchema }), onSettled: settled }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AddressUpdateInput }) => api.patch('/me/addresses/{id}', { params: { id }, body, answer: addressBookEntrySchema }),
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete('/me/addresses/{id}', { params: { id }, answer: addressDeletedAnswerSchema }),
      onSettled: settled,
    }),
  };
}
