import type { Readable } from 'node:stream';
import type { FileEntry, FileListing } from '@outpost/shared';
import type { Server } from './Server.js';

/** What the API needs of a server's jailed file access (files/ServerFiles.ts provides it). */
export interface FileStore {
  list(path: string): Promise<FileEntry[]>;
  stat(path: string): Promise<{ isFile: boolean; size: number }>;
  readStream(path: string): Promise<{ stream: Readable; size: number }>;
  write(path: string, data: Readable | Buffer | string): Promise<void>;
  mkdir(path: string): Promise<void>;
  delete(path: string): Promise<void>;
  /** Moves or renames; never over something that exists. */
  rename(from: string, to: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  archive(target: string, sources: string[]): Promise<void>;
  extract(archive: string, destination: string): Promise<void>;
  startUpload(id: string, path: string): Promise<void>;
  uploadOffset(id: string): Promise<number>;
  appendUpload(id: string, offset: number, data: Readable): Promise<number>;
  finishUpload(id: string, path: string): Promise<void>;
  abortUpload(id: string): Promise<void>;
}

export type ServerFilesAccess = (server: Server) => FileStore;

/** A folder's listing in the wire shape; the path is shown as the user gave it, rooted at "/". */
export async function listFolder(files: FileStore, path: string): Promise<FileListing> {
  const shown = '/' + path.replace(/^\/+/, '');
  return { files: await files.list(path), path: shown };
}
