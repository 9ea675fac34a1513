/** Constants of the file manager (server-page.md section 9), shared by the daemon's routes and the SPA's rules. */

/** Files above this size (20 MiB) are not opened in the editor. */
export const MaxEditableFileSize = 20971520;

/** Extensions the file manager treats as archives (not editable, offered for extraction). */
export const ArchiveExtensions = ['7z', 'bz2', 'gz', 'jar', 'lz', 'lzma', 'rar', 'tar', 'tgz', 'xz', 'zip', 'zipx'] as const;

/** Extensions the file manager shows as images. */
export const ImageExtensions = ['jpeg', 'png', 'jpg', 'gif', 'webp', 'bmp', 'tiff', 'svg'] as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** True when the name ends in one of the archive extensions. */
export function isArchiveName(name: string): boolean {
  return (ArchiveExtensions as readonly string[]).includes(extensionOf(name));
}

/** True when the name ends in one of the image extensions. */
export function isImageName(name: string): boolean {
  return (ImageExtensions as readonly string[]).includes(extensionOf(name));
}

/**
 * The name "archive this folder" writes to: the folder name plus ".zip", then " (2)", " (3)"...
 * until it differs from every name in `existing`; an empty folder name (the server root) is "server".
 */
export function archiveNameFor(folderName: string, existing: Iterable<string>): string {
  const taken = new Set(existing);
  const base = folderName.replace(/\/+$/, '').split('/').pop() || 'server';
  if (!taken.has(`${base}.zip`)) return `${base}.zip`;
  for (let n = 2; ; n++) {
    const name = `${base} (${n}).zip`;
    if (!taken.has(name)) return name;
  }
}
