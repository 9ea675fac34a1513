import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupEditRequest, BackupList, BackupPolicy, BackupRestoreRequest, FileEntry } from '@outpost/shared';
import { api } from './client';

/** How often the list asks again while a backup is being made, to move its progress bar. */
export const BACKUP_PROGRESS_MS = 2000;

const backupsUrl = (id: string) => `/api/servers/${encodeURIComponent(id)}/backups`;
const backupUrl = (id: string, backupId: string) => `${backupsUrl(id)}/${encodeURIComponent(backupId)}`;

/** The archive itself: a plain link to it downloads it (the panel names the file). */
export const backupDownloadUrl = (id: string, backupId: string) => `${backupUrl(id, backupId)}/download`;

export const listBackups = (id: string) => api.get<BackupList>(backupsUrl(id));
export const createBackup = (id: string, name?: string) => api.post<{ id: string }>(backupsUrl(id), name ? { name } : {});
/** The entries of a folder inside the backup, as the file manager lists a folder. */
export const listBackupFiles = (id: string, backupId: string, path: string) =>
  api.get<FileEntry[]>(`${backupUrl(id, backupId)}/files?path=${encodeURIComponent(path)}`);
export const restoreBackup = (id: string, backupId: string, request: BackupRestoreRequest) => api.post<unknown>(`${backupUrl(id, backupId)}/restore`, request);
export const editBackup = (id: string, backupId: string, change: BackupEditRequest) => api.put<unknown>(backupUrl(id, backupId), change);
export const deleteBackup = (id: string, backupId: string) => api.delete<unknown>(backupUrl(id, backupId));
export const getBackupPolicy = (id: string) => api.get<BackupPolicy>(`${backupsUrl(id)}/policy`);
export const setBackupPolicy = (id: string, policy: BackupPolicy) => api.put<unknown>(`${backupsUrl(id)}/policy`, policy);

const backupsKey = (id: string) => ['servers', 'backups', id];
const policyKey = (id: string) => ['servers', 'backupPolicy', id];

/** The server's backups, newest first; asked again every 2 s while one is being made. */
export function useBackups(id: string) {
  return useQuery({
    queryKey: backupsKey(id),
    queryFn: () => listBackups(id),
    refetchInterval: (query) => (query.state.data?.backups.some((backup) => backup.status === 'running') ? BACKUP_PROGRESS_MS : false),
  });
}

export function useBackupPolicy(id: string) {
  return useQuery({ queryKey: policyKey(id), queryFn: () => getBackupPolicy(id) });
}

/** A folder of a backup; `backupId` undefined: no browser open. */
export function useBackupFiles(id: string, backupId: string | undefined, path: string) {
  return useQuery({ queryKey: [...backupsKey(id), 'files', backupId, path], queryFn: () => listBackupFiles(id, backupId!, path), enabled: backupId !== undefined });
}

// Every change is followed by the list read again; a new backup's row appears with its progress.
function useInvalidateBackups(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: backupsKey(id) });
}

export function useCreateBackup(id: string) {
  const invalidate = useInvalidateBackups(id);
  return useMutation({ mutationFn: (name?: string) => createBackup(id, name), onSuccess: invalidate });
}

/** Whole (no paths) or the named files and folders; `truncate` empties the server folder first. */
export function useRestoreBackup(id: string) {
  return useMutation({ mutationFn: ({ backupId, ...request }: { backupId: string } & BackupRestoreRequest) => restoreBackup(id, backupId, request) });
}

export function useEditBackup(id: string) {
  const invalidate = useInvalidateBackups(id);
  return useMutation({ mutationFn: ({ backupId, ...change }: { backupId: string } & BackupEditRequest) => editBackup(id, backupId, change), onSuccess: invalidate });
}

export function useDeleteBackup(id: string) {
  const invalidate = useInvalidateBackups(id);
  return useMutation({ mutationFn: (backupId: string) => deleteBackup(id, backupId), onSuccess: invalidate });
}

export function useSetBackupPolicy(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: BackupPolicy) => setBackupPolicy(id, policy),
    // The list answers the limit too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: policyKey(id) }), client.invalidateQueries({ queryKey: backupsKey(id) })]),
  });
}
