import { archiveName, joinPath } from './fileKinds';

/**
 * What Archive sends: the selected entries, or the whole folder when none is selected, into a
 * new zip named after the folder (never one that exists). Null when there is nothing to archive.
 */
export function archiveRequest(folder: string, names: readonly string[], selected: readonly string[]): { target: string; sources: string[] } | null {
  const chosen = selected.length > 0 ? selected : names;
  if (chosen.length === 0) return null;
  return { target: joinPath(folder, archiveName(folder, names)), sources: chosen.map((name) => joinPath(folder, name)) };
}
