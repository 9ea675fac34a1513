import { parse } from 'regexparam';

/** The parameters of `pathname` when it matches the route `pattern` (`/server/:id`), else null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const { keys, pattern: regex } = parse(pattern);
  const found = regex.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(found[i + 1] ?? '')]));
}
