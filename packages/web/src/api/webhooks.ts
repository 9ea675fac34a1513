import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, Webhook, WebhookDeliveryList, WebhookRequest } from '@outpost/shared';
import { api } from './client';

/** Whose hooks: one server's (holders of editServerData there), or the panel's own (admins). */
export interface WebhookOwner {
  server?: string;
}

const base = ({ server }: WebhookOwner) => (server ? `/api/servers/${server}/webhooks` : '/api/webhooks');
const one = (owner: WebhookOwner, id: number) => `${base(owner)}/${id}`;
const listKey = (owner: WebhookOwner) => ['webhooks', owner.server ?? 'panel'];

export function useWebhooks(owner: WebhookOwner) {
  return useQuery({ queryKey: listKey(owner), queryFn: () => api.get<Webhook[]>(base(owner)) });
}

/** Creates the hook when `id` is undefined (answering its secret, shown once), else replaces it. */
export function useSaveWebhook(owner: WebhookOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hook }: { id?: number; hook: WebhookRequest }) =>
      id === undefined ? api.post<CreatedWebhook>(base(owner), hook) : api.put<Webhook>(one(owner, id), hook).then(() => undefined),
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey(owner) }),
  });
}

export function useDeleteWebhook(owner: WebhookOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(one(owner, id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey(owner) }),
  });
}

const deliveriesKey = (owner: WebhookOwner, id: number) => ['webhooks', owner.server ?? 'panel', id, 'deliveries'];

/** The hook's delivery log, asked again every few seconds while shown: retries and test deliveries land in the background. */
export function useWebhookDeliveries(owner: WebhookOwner, id: number) {
  return useQuery({ queryKey: deliveriesKey(owner, id), queryFn: () => api.get<WebhookDeliveryList>(`${one(owner, id)}/deliveries`), refetchInterval: 2000 });
}

/** Queues a `webhook.test` delivery; the log shows how it went. */
export function useTestWebhook(owner: WebhookOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ delivery: string }>(`${one(owner, id)}/test`),
    onSuccess: (_answer, id) => void client.invalidateQueries({ queryKey: deliveriesKey(owner, id) }),
  });
}
