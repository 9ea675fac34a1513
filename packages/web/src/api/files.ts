import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileEntry, FileListing } from '@outpost/shared';
import { api, request } from './client';
import { encodePath, proxyBase } from './serverProxy';
import { textOf } from './textOf';

/** The URL of a file's contents: GET downloads it (also used as the download link). */
export const fileUrl = (id: string, path: string) => `${proxyBase(id)}/file/${encodePath(path)}`;

/** A folder's listing: HTTP answers the entries alone, shaped here as the socket's `file` message. */
export const listFolder = async (id: string, path: string): Promise<FileListing> => ({ files: await api.get<FileEntry[]>(fileUrl(id, path)), path });
export const createFolder = (id: string, path: string) => api.put<unknown>(`${fileUrl(id, path)}?folder=true`);
export const deleteFile = (id: string, path: string) => api.delete<unknown>(fileUrl(id, path));
/** Zips `sources` into the archive at `target`. */
export const archiveFiles = (id: string, target: string, sources: string[]) =>
  api.post<unknown>(`${proxyBase(id)}/archive/${encodePath(target)}`, sources);
/** Moves (renames) a file or folder; refused 409 when `to` exists. */
export const moveFile = (id: string, from: string, to: string) => api.post<unknown>(`${proxyBase(id)}/files/move`, { from, to });
/** Copies a file or a folder with its contents; refused 409 when `to` exists, 413 past the disk limit. */
export const copyFile = (id: string, from: string, to: string) => api.post<unknown>(`${proxyBase(id)}/files/copy`, { from, to });
export const extractArchive = (id: string, archive: string, destination: string) =>
  api.get<unknown>(`${proxyBase(id)}/extract/${encodePath(archive)}?destination=${encodeURIComponent(destination)}`);

/** A file as the editor gets it: its text, or null when its bytes are not text (a binary). */
export async function readTextFile(id: string, path: string): Promise<string | null> {
  const bytes = new Uint8Array(await (await request('GET', fileUrl(id, path), { raw: true })).arrayBuffer());
  return textOf(bytes);
}

/** Writes a file from text or bytes as the multipart field `file`. */
export async function writeFile(id: string, path: string, content: Blob | string): Promise<void> {
  const form = new FormData();
  form.append('file', typeof content === 'string' ? new Blob([content]) : content, path.split('/').pop() || 'file');
  await request('PUT', fileUrl(id, path), { body: form, raw: true });
}

/** Uploads one file as the multipart field `file`; `onProgress` gets a fraction from 0 to 1. */
export async function uploadFile(id: string, path: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await request('PUT', fileUrl(id, path), { body: form, raw: true, onUploadProgress: onProgress });
}

// The folder listing itself arrives over the live connection (spec panel.md section 4), so a
// change here is followed by the screen asking the connection for the folder again.

const textKey = (id: string, path: string | null) => ['servers', 'file', id, path];

/**
 * A file's text for the editor; null path: nothing open. Never kept once the editor closes
 * (gcTime 0), so each opening reads the file as it is now.
 */
export function useFileText(id: string, path: string | null) {
  return useQuery({ queryKey: textKey(id, path), queryFn: () => readTextFile(id, path!), enabled: path !== null, gcTime: 0, retry: false });
}

export function useWriteFile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, content }: { path: string; content: Blob | string }) => writeFile(id, path, content),
    onSuccess: (_, { path }) => void client.invalidateQueries({ queryKey: textKey(id, path) }),
  });
}

/** Zips `sources` into the archive at `target`. */
export function useArchiveFiles(id: string) {
  return useMutation({ mutationFn: ({ target, sources }: { target: string; sources: string[] }) => archiveFiles(id, target, sources) });
}

export function useExtractArchive(id: string) {
  return useMutation({ mutationFn: ({ archive, destination }: { archive: string; destination: string }) => extractArchive(id, archive, destination) });
}

export function useMoveFile(id: string) {
  return useMutation({ mutationFn: ({ from, to }: { from: string; to: string }) => moveFile(id, from, to) });
}

export function useCopyFile(id: string) {
  return useMutation({ mutationFn: ({ from, to }: { from: string; to: string }) => copyFile(id, from, to) });
}
