/** Spec section 9: bigger files are not opened in the editor. */
export const MAX_EDIT_BYTES = 20_971_520;
export const ARCHIVE_EXTENSIONS = ['7z', 'bz2', 'gz', 'jar', 'lz', 'lzma', 'rar', 'tar', 'tgz', 'xz', 'zip', 'zipx'];
export const IMAGE_EXTENSIONS = ['jpeg', 'png', 'jpg', 'gif', 'webp', 'bmp', 'tiff', 'svg'];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export const isArchive = (name: string) => ARCHIVE_EXTENSIONS.includes(extensionOf(name));
export const isImage = (name: string) => IMAGE_EXTENSIONS.includes(extensionOf(name));
/** Archives are never edited as text; nor is anything past the size limit. */
export const isEditable = (name: string, size: number) => !isArchive(name) && size <= MAX_EDIT_BYTES;

export function joinPath(folder: string, name: string): string {
  return `${folder.replace(/\/+$/, '')}/${name}`;
}

export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

/**
 * Spec section 9: the folder's name plus ".zip", then " (2)", " (3)"... while the name is
 * taken; the server's root folder has no name, so it becomes "server".
 */
export function archiveName(folderPath: string, taken: readonly string[]): string {
  const base = folderPath.replace(/\/+$/, '').split('/').pop() || 'server';
  let name = `${base}.zip`;
  for (let n = 2; taken.includes(name); n++) name = `${base} (${n}).zip`;
  return name;
}

