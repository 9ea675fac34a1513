/** One step of the path shown above a backup's listing: a folder's name and its path inside the backup. */
export interface Crumb {
  name: string;
  path: string;
}

/** The folders from the backup's top down to `path` ("/world/region": world, then region); the top itself is not one. */
export function crumbsOf(path: string): Crumb[] {
  const names = path.split('/').filter((part) => part !== '');
  return names.map((name, index) => ({ name, path: `/${names.slice(0, index + 1).join('/')}` }));
}
