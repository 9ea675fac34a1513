/**
 * Where on a server's page the address points: `/server/{id}/{tab}/{folder...}`, so a reload or
 * a shared link opens the same tab (and, on the files tab, the same folder). Each name of the
 * folder is encoded on its own; `/server/{id}` alone is the first tab the user may see.
 */
export function serverPath(id: string, tab: string, folder = '/'): string {
  const names = folder.split('/').filter(Boolean).map(encodeURIComponent);
  return [`/server/${encodeURIComponent(id)}`, tab, ...names].join('/');
}

/** The tab and folder of a server page's address below `/server/{id}` (the router's `*`, decoded). */
export function serverPlace(rest: string | undefined): { tab?: string; folder: string } {
  const [tab, ...names] = (rest ?? '').split('/').filter(Boolean);
  return { tab, folder: '/' + names.join('/') };
}
