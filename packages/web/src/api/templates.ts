import { useQuery } from '@tanstack/react-query';
import type { Template, TemplateSummary } from '@outpost/shared';
import { api } from './client';

export const listTemplates = () => api.get<TemplateSummary[]>('/api/templates');
export const getTemplate = (id: string) => api.get<Template>(`/api/templates/${encodeURIComponent(id)}`);

export function useTemplates() {
  return useQuery({ queryKey: ['templates', 'list'], queryFn: listTemplates });
}

export function useTemplate(id: string | null) {
  return useQuery({ queryKey: ['templates', 'one', id], queryFn: () => getTemplate(id!), enabled: !!id });
}
