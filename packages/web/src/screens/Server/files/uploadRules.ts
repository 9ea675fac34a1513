/** The part of a drop's DataTransfer the rules read (the DOM's, or a test's stand-in). */
export interface DroppedItems {
  items: ArrayLike<{ webkitGetAsEntry?: () => { isDirectory: boolean } | null }>;
  files: ArrayLike<File>;
}

/**
 * The files of a drop, or the error code when it holds a folder. Spec section 5: folders
 * cannot be uploaded, and the whole drop is refused rather than half of it sent.
 */
export function droppedFiles(drop: DroppedItems): { files: File[] } | { error: 'ErrDirectoryUploadNotSupported' } {
  if (Array.from(drop.items).some((item) => item.webkitGetAsEntry?.()?.isDirectory)) return { error: 'ErrDirectoryUploadNotSupported' };
  return { files: Array.from(drop.files) };
}
