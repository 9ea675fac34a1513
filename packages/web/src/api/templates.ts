import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateSummary } from '@outpost/shared';
import { api } from './client';

const path = (id: string) => `/api/templates/${encodeURIComponent(id)}`;

export const listTemplates = () => api.get<TemplateSummary[]>('/api/templates');
export const getTemplate = (id: string) => api.get<Template>(path(id));
/** Creates or replaces; the panel answers 400 ErrInvalidJson for a definition it cannot read. */
export const putTemplate = (id: string, template: Template) => api.put<unknown>(path(id), template);
export const deleteTemplate = (id: string) => api.delete<unknown>(path(id));

/**
 * The editor's text as a template, or null when it is not a JSON object, so a screen can show
 * ErrInvalidJson without a call. The panel still checks the definition's shape.
 */
export function parseTemplateText(text: string): Template | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Template) : null;
}

/** A template as the editor shows it: indented JSON. */
export const templateText = (template: Template) => JSON.stringify(template, null, 2);

export function useTemplates() {
  return useQuery({ queryKey: ['templates', 'list'], queryFn: listTemplates });
}

export function useTemplate(id: string | null) {
  return useQuery({ queryKey: ['templates', 'one', id], queryFn: () => getTemplate(id!), enabled: !!id });
}

// Every change can alter the list (display, type) and the cached template, so all of ['templates'] goes stale.
function useInvalidateTemplates() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['templates'] });
}

export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  // Not awaited: the add screen moves on at once, instead of first seeing its new id as taken.
  return useMutation({ mutationFn: ({ id, template }: { id: string; template: Template }) => putTemplate(id, template), onSuccess: () => void invalidate() });
}

export function useDeleteTemplate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTemplate(id),
    onSuccess: () => {
      // Dropped rather than refetched: a refetch of a deleted template would only answer 404.
      client.removeQueries({ queryKey: ['templates', 'one', id] });
      return client.invalidateQueries({ queryKey: ['templates', 'list'] });
    },
  });
}
