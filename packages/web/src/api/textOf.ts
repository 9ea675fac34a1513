// How far in a NUL byte marks a file as binary, as git and grep look.
const SNIFF_BYTES = 8000;

/**
 * The bytes as text, or null when they are not text: a NUL byte near the start, or bytes that
 * are not UTF-8. Opening such a file as text and saving it would corrupt it.
 */
export function textOf(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
