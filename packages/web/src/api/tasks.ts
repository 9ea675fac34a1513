import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskCreated, TaskList, TaskMap } from '@outpost/shared';
import { api, request } from './client';
import { proxyBase } from './serverProxy';

const tasksUrl = (id: string) => `${proxyBase(id)}/tasks`;
const taskUrl = (id: string, taskId: string) => `${tasksUrl(id)}/${encodeURIComponent(taskId)}`;

export interface ServerTasks {
  tasks: TaskMap;
  /** The node's time zone, which schedules run in; sent beside the spec's map in a header. */
  timeZone: string | undefined;
}

/** The tasks and the node's time zone, which the answer carries beside them (and in a header). */
export async function getTasks(id: string): Promise<ServerTasks> {
  const response = await request('GET', tasksUrl(id), { raw: true });
  const body = (await response.json()) as Partial<TaskList> | null;
  return { tasks: body?.tasks ?? {}, timeZone: body?.timeZone ?? response.headers.get('x-outpost-time-zone') ?? undefined };
}

const tasksKey = (id: string) => ['servers', 'tasks', id];

export function useTasks(id: string) {
  return useQuery({ queryKey: tasksKey(id), queryFn: () => getTasks(id) });
}

/** Creates the task when `taskId` is undefined, else replaces it. */
export function useSaveTask(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, task }: { taskId?: string; task: Task }) =>
      taskId === undefined ? api.post<TaskCreated>(tasksUrl(id), task) : api.put<unknown>(taskUrl(id, taskId), task),
    onSuccess: () => void client.invalidateQueries({ queryKey: tasksKey(id) }),
  });
}

export function useDeleteTask(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.delete<unknown>(taskUrl(id, taskId)),
    onSuccess: () => void client.invalidateQueries({ queryKey: tasksKey(id) }),
  });
}

export function useRunTask(id: string) {
  return useMutation({ mutationFn: (taskId: string) => api.post<unknown>(`${taskUrl(id, taskId)}/run`) });
}
