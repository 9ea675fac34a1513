/** Template ids are URL path segments and file names: 1-100 lowercase letters, digits, - and _. */
export function isValidTemplateId(id: string): boolean {
  // Stricter than the panel's pattern (which also takes capitals and dots) so new ids stay uniform.
  return /^[a-z0-9_-]{1,100}$/.test(id);
}
