import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, FirstAdminResponse, Scope, UpdateUserRequest, UserListResponse, UserPerms, UserView } from '@outpost/shared';
import { sessionStore } from '../session/sessionStore';
import { api } from './client';
import { getSelf } from './self';

/** Spec section 9: lists page by 10. */
export const USER_PAGE_SIZE = 10;

/**
 * The query of one page of the user list: a search holding `@` looks in emails, anything else in
 * usernames, both as `*text*` (spec section 7: `username=*{text}*`).
 */
export function userListUrl(page: number, search: string, limit = USER_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const text = search.trim();
  if (text) params.set(text.includes('@') ? 'email' : 'username', `*${text}*`);
  return `/api/users?${params.toString()}`;
}

const one = (id: number) => `/api/users/${id}`;

export const listUsers = (page: number, search: string) => api.get<UserListResponse>(userListUrl(page, search));
export const getUser = (id: number) => api.get<UserView>(one(id));
export const createUser = (body: CreateUserRequest) => api.post<UserView>('/api/users', body);
export const updateUser = (id: number, body: UpdateUserRequest) => api.post<UserView>(one(id), body);
export const deleteUser = (id: number) => api.delete<unknown>(one(id));
export const getUserPerms = (id: number) => api.get<UserPerms>(`${one(id)}/perms`);
export const putUserPerms = (id: number, scopes: Scope[]) => api.put<unknown>(`${one(id)}/perms`, { scopes });
export const getFirstAdmin = () => api.get<FirstAdminResponse>('/api/users/firstAdmin');

export function useUsers(page: number, search: string) {
  return useQuery({ queryKey: ['users', 'list', page, search], queryFn: () => listUsers(page, search), placeholderData: keepPreviousData });
}

export function useUser(id: number) {
  return useQuery({ queryKey: ['users', 'one', id], queryFn: () => getUser(id) });
}

export function useUserPerms(id: number) {
  return useQuery({ queryKey: ['users', 'perms', id], queryFn: () => getUserPerms(id) });
}

/** Whether the panel still has no administrator (the servers list then says how to make one). */
export function useFirstAdmin() {
  return useQuery({ queryKey: ['users', 'firstAdmin'], queryFn: getFirstAdmin });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => client.invalidateQueries({ queryKey: ['users', 'list'] }) });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(id, body),
    onSuccess: (user) => {
      client.setQueryData(['users', 'one', id], user);
      void client.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

export function usePutUserPerms(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scopes: Scope[]) => putUserPerms(id, scopes),
    onSuccess: async (_, scopes) => {
      client.setQueryData<UserPerms>(['users', 'perms', id], { scopes });
      void client.invalidateQueries({ queryKey: ['users', 'firstAdmin'] });
      // Editing one's own permissions changes what the menu and the controls may show, at once.
      // The save itself succeeded: a failed read here leaves the menu as it was, with no error.
      const self = await getSelf().catch(() => undefined);
      if (self?.id === id) sessionStore.save(self.scopes);
    },
  });
}

export function useDeleteUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['users', 'one', id] });
      client.removeQueries({ queryKey: ['users', 'perms', id] });
      void client.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
