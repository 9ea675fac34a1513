import { resolve } from 'node:path';
import { ServerFiles } from './ServerFiles.js';

/** One jail object per server folder, shared by HTTP, the WebSocket, SFTP and install steps. */
const byRoot = new Map<string, ServerFiles>();

/** The server's one ServerFiles (made on first use). */
export function serverFilesFor(root: string): ServerFiles {
  const key = resolve(root);
  let files = byRoot.get(key);
  if (!files) {
    files = new ServerFiles(key);
    byRoot.set(key, files);
  }
  return files;
}

/** Forgets a server's ServerFiles and ends its child (server deleted, daemon closing). */
export function closeServerFiles(root: string): void {
  const key = resolve(root);
  byRoot.get(key)?.close();
  byRoot.delete(key);
}
