/** `?wait`, `?perms`, `?folder`: on when present, unless given as "false" (DESIGN.md). */
export function isOn(value: string | undefined): boolean {
  return value !== undefined && value !== 'false';
}
