import type { FileEntry } from '@outpost/shared';
import { isArchive, isEditable, isImage } from './fileKinds';

/** What clicking an entry's name does; `explain`: say why it cannot be opened (too big, an archive) and offer the download. */
export type OpenAction = 'folder' | 'preview' | 'edit' | 'view' | 'explain';

export interface EntryActions {
  open: OpenAction;
  edit: boolean;
  preview: boolean;
  download: boolean;
  extract: boolean;
  remove: boolean;
}

/**
 * Which actions an entry offers (spec section 2.5): folders open; images preview; text within
 * the editor's limit opens in the editor for writers and in a new tab for readers; changes
 * (edit, extract, delete) need putServerFiles. The daemon checks every one again.
 */
export function entryActions(entry: Pick<FileEntry, 'name' | 'isFile' | 'size'>, canWrite: boolean): EntryActions {
  if (!entry.isFile) return { open: 'folder', edit: false, preview: false, download: false, extract: false, remove: canWrite };
  const image = isImage(entry.name);
  const editable = isEditable(entry.name, entry.size);
  const open: OpenAction = image ? 'preview' : editable ? (canWrite ? 'edit' : 'view') : 'explain';
  return { open, edit: editable && canWrite, preview: image, download: true, extract: canWrite && isArchive(entry.name), remove: canWrite };
}
