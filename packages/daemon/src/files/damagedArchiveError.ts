import { OutpostError } from '@outpost/shared/errors';

/**
 * An error met while reading an archive, as the API answers it: ours and the file system's (an
 * errno code such as ENOTDIR, for fsError) pass unchanged; anything else comes from a parser or
 * decompressor meeting bad bytes (TAR_*, Z_* or none), so the archive is damaged
 * (ErrUnsupportedArchive, a 400), not the daemon.
 */
export function damagedArchiveError(error: unknown): unknown {
  if (error instanceof OutpostError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new OutpostError('ErrUnsupportedArchive', `the archive is damaged: ${reason}`);
}
