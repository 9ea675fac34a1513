import { isValidVariableName } from '@outpost/shared';

/** One row of a key/value editor; rows keep order and may briefly hold a blank or repeated key. */
export interface KeyValueRow {
  key: string;
  value: string;
}

export const rowsOf = (map: Record<string, string> | undefined): KeyValueRow[] => Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

/** The map the rows stand for: blank keys are left out and the first row of a repeated key wins. */
export function mapOf(rows: readonly KeyValueRow[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of rows) if (key !== '' && !(key in map)) map[key] = value;
  return map;
}

/** Problems by row index: a key that is blank or has spaces (when `names`), or that an earlier row has. */
export function rowProblems(rows: readonly KeyValueRow[], { names }: { names: boolean }): Record<number, 'nameInvalid' | 'required' | 'nameTaken'> {
  const problems: Record<number, 'nameInvalid' | 'required' | 'nameTaken'> = {};
  const seen = new Set<string>();
  rows.forEach(({ key }, index) => {
    if (names ? !isValidVariableName(key) : key.trim() === '') problems[index] = names ? 'nameInvalid' : 'required';
    else if (seen.has(key)) problems[index] = 'nameTaken';
    seen.add(key);
  });
  return problems;
}
