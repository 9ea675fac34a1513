import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyList, PasskeyOptions } from '@outpost/shared';
import { api } from './client';

export const getPasskeys = () => api.get<PasskeyList>('/api/self/passkeys');
export const renamePasskey = ({ id, name }: { id: number; name: string }) => api.put<Passkey>(`/api/self/passkeys/${id}`, { name });
export const deletePasskey = (id: number) => api.delete<unknown>(`/api/self/passkeys/${id}`);

/**
 * Adds a passkey: the panel's options, the browser's prompt, the answer verified and stored.
 * The WebAuthn helper is loaded here, on demand, never with the page.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await api.post<PasskeyOptions>('/api/self/passkeys/options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return api.post<Passkey>('/api/self/passkeys', { name, response });
}

export function usePasskeys() {
  return useQuery({ queryKey: ['self', 'passkeys'], queryFn: getPasskeys });
}

function useInvalidatePasskeys() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['self', 'passkeys'] });
}

export function useAddPasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => void invalidate() });
}

export function useRenamePasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => void invalidate() });
}

export function useDeletePasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({ mutationFn: deletePasskey, onSuccess: () => void invalidate() });
}
