import { useQuery } from '@tanstack/react-query';
import { readTar, type TarFile } from '@outpost/shared';
import { request } from './client';

/** GET /theme/{name}.tar: the theme's files (a binary archive, so read raw). */
export async function getTheme(name: string): Promise<TarFile[]> {
  const url = `/theme/${encodeURIComponent(name)}.tar`;
  const response = await request('GET', url, { raw: true });
  return readTar(new Uint8Array(await response.arrayBuffer()));
}

/** One theme's files; themes change only with a release, so they are kept for the session. */
export function useTheme(name: string | undefined) {
  return useQuery({ queryKey: ['theme', name], queryFn: () => getTheme(name!), enabled: !!name, staleTime: Infinity, retry: false });
}
