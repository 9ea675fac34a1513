import { useQuery } from '@tanstack/react-query';
import { readTar, type TarFile } from '@outpost/shared';
import { ApiError } from './ApiError';

/** GET /theme/{name}.tar: the theme's files (a binary archive, so not through the JSON client). */
export async function getTheme(name: string): Promise<TarFile[]> {
  const url = `/theme/${encodeURIComponent(name)}.tar`;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError({ method: 'GET', url, status: response.status, statusText: response.statusText });
  return readTar(new Uint8Array(await response.arrayBuffer()));
}

/** One theme's files; themes change only with a release, so they are kept for the session. */
export function useTheme(name: string | undefined) {
  return useQuery({ queryKey: ['theme', name], queryFn: () => getTheme(name!), enabled: !!name, staleTime: Infinity, retry: false });
}
