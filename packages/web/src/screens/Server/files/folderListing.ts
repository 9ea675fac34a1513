import type { FileListing } from '@outpost/shared';
import { parentPath } from './fileKinds';

/**
 * The listing to show after an answer. A failed listing keeps the folder's files when it is
 * the folder already shown (a refresh that failed), else shows an empty folder; either way the
 * error is kept for the alert above the list (spec section 4).
 */
export function nextListing(shown: FileListing | null, answer: FileListing): FileListing {
  if (!answer.error) return answer;
  return { ...answer, files: shown?.path === answer.path ? shown.files : [] };
}

/** The folder ".." leads to, or null at the server's root, which has no ".." row. */
export function upFrom(path: string): string | null {
  return path === '/' || path === '' ? null : parentPath(path);
}
