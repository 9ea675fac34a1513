import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepositoryTemplate, TemplateRepository } from '@outpost/shared';
import { api } from './client';

const base = '/api/template-repositories';

export const listTemplateRepositories = () => api.get<TemplateRepository[]>(base);
export const addTemplateRepository = (url: string) => api.post<TemplateRepository>(base, { url });
export const removeTemplateRepository = (id: string) => api.delete<unknown>(`${base}/${encodeURIComponent(id)}`);
export const listRepositoryTemplates = (id: string) => api.get<RepositoryTemplate[]>(`${base}/${encodeURIComponent(id)}/templates`);
/** `convert` is the user's explicit choice to convert a version-1 template while importing it. */
export const importFromRepository = ({ repository, name, convert = false }: { repository: string; name: string; convert?: boolean }) =>
  api.post<unknown>(`${base}/${encodeURIComponent(repository)}/import/${encodeURIComponent(name)}${convert ? '?convert=true' : ''}`);

export function useTemplateRepositories(enabled = true) {
  return useQuery({ queryKey: ['templateRepositories'], queryFn: listTemplateRepositories, enabled });
}

export function useAddTemplateRepository() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addTemplateRepository, onSuccess: () => client.invalidateQueries({ queryKey: ['templateRepositories'] }) });
}

export function useRemoveTemplateRepository() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeTemplateRepository, onSuccess: () => client.invalidateQueries({ queryKey: ['templateRepositories'] }) });
}

/**
 * What one repository offers, with its marks. Not retried: the panel already waited up to 5 s
 * for the repository, and a retry would only make the user wait that long again.
 */
export function useRepositoryTemplates(id: string | null) {
  return useQuery({ queryKey: ['templateRepositories', 'templates', id], queryFn: () => listRepositoryTemplates(id!), enabled: id !== null, retry: false });
}

/** Imports one template; the template list and the marks of every repository go stale. */
export function useImportFromRepository() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importFromRepository,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['templates'] });
      return client.invalidateQueries({ queryKey: ['templateRepositories', 'templates'] });
    },
  });
}
