import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@outpost/shared';
import { api } from './client';

const key = ['self', 'notifications'];

export const getNotifications = () => api.get<NotificationPreferences>('/api/self/notifications');
export const saveNotifications = (body: NotificationPreferences) => api.put<NotificationPreferences>('/api/self/notifications', body);

/** The events the signed-in user is mailed about. */
export function useNotifications() {
  return useQuery({ queryKey: key, queryFn: getNotifications });
}

/** Saves the choice; the answer (what the panel kept) becomes the query's data. */
export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveNotifications, onSuccess: (saved) => client.setQueryData(key, saved) });
}
