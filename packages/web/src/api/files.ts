import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorCodeOf, isErrorBody, type FileEntry, type FileListing } from '@outpost/shared';
import { ApiError } from './ApiError';
import { api } from './client';
import { encodePath, proxyBase, rawRequest } from './serverProxy';
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
export const extractArchive = (id: string, archive: string, destination: string) =>
  api.get<unknown>(`${proxyBase(id)}/extract/${encodePath(archive)}?destination=${encodeURIComponent(destination)}`);

/** A file as the editor gets it: its text, or null when its bytes are not text (a binary). */
export async function readTextFile(id: string, path: string): Promise<string | null> {
  const bytes = new Uint8Array(await (await rawRequest('GET', fileUrl(id, path))).arrayBuffer());
  return textOf(bytes);
}

/** Writes a file from text or bytes as the multipart field `file`. */
export async function writeFile(id: string, path: string, content: Blob | string): Promise<void> {
  const form = new FormData();
  form.append('file', typeof content === 'string' ? new Blob([content]) : content, path.split('/').pop() || 'file');
  await rawRequest('PUT', fileUrl(id, path), form);
}

/**
 * Uploads one file with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * `onProgress` gets a fraction from 0 to 1.
 */
export function uploadFile(id: string, path: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const url = fileUrl(id, path);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let parsed: unknown = xhr.responseText;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // keep the text
      }
      const report = { method: 'PUT', url, status: xhr.status, statusText: xhr.statusText, responseBody: parsed };
      reject(isErrorBody(parsed) ? new ApiError(report, errorCodeOf(parsed), parsed.error.msg, parsed.error.metadata) : new ApiError(report));
    };
    xhr.onerror = () => reject(new ApiError({ method: 'PUT', url, status: 0, statusText: 'network error' }));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
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

export function useUploadFile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, file, onProgress }: { path: string; file: File; onProgress: (fraction: number) => void }) => uploadFile(id, path, file, onProgress),
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
