import { readdir, readFile } from 'node:fs/promises';
import { OutpostError, SettingKeys } from '@outpost/shared';
import { readLimited } from '@outpost/daemon';
import type { Repositories } from '../db/repositories.js';
import { shippedAssets } from '../shippedAssets.js';
import { panelOutbound } from './panelOutbound.js';

/** The setting that names a remote template repository (a URL holding index.json and <id>.json). */
export const TEMPLATE_REPOSITORY_SETTING = SettingKeys.templatesRepository;

export const TEMPLATE_ID = /^[A-Za-z0-9._-]{1,100}$/;
const FETCH_TIMEOUT_MS = 10_000;
/** An index or template larger than this is no template repository's: reading stops there. */
const MAX_FILE_BYTES = 1024 * 1024;

/** The template ids of the shipped folder: its <id>.json files. */
export async function shippedIds(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // index.json lists the folder for other panels reading it as a repository; it is not a template.
  return names.filter((n) => n.endsWith('.json') && n !== 'index.json').map((n) => n.slice(0, -5)).filter((id) => TEMPLATE_ID.test(id));
}

async function repositoryUrl(repo: Repositories): Promise<string | undefined> {
  const value = (await repo.settings.get(TEMPLATE_REPOSITORY_SETTING))?.trim();
  return value ? value.replace(/\/+$/, '') : undefined;
}

/** GETs a JSON file of the configured repository through the panel's private-address guard, reading at most MAX_FILE_BYTES. */
async function fetchJson(repo: Repositories, url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await panelOutbound(repo).fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof OutpostError) throw error;
    throw new OutpostError('ErrServiceNotAvailable', `template repository did not answer: ${(error as Error).message}`, { url }, 502);
  }
  if (response.status === 404 || !response.ok) {
    await response.body?.cancel();
    if (response.status === 404) return undefined;
    throw new OutpostError('ErrServiceNotAvailable', `template repository answered ${response.status}`, { url }, 502);
  }
  let text: string;
  try {
    text = await readLimited(response, MAX_FILE_BYTES);
  } catch (error) {
    const reason = error instanceof OutpostError && error.code === 'ErrFileTooLarge' ? `answered more than ${MAX_FILE_BYTES} bytes` : `broke off its answer: ${(error as Error).message}`;
    throw new OutpostError('ErrServiceNotAvailable', `template repository ${reason}`, { url }, 502);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OutpostError('ErrInvalidJson', 'The json data is invalid', { url });
  }
}

/** The ids a repository's index.json lists: plain ids, or objects with an id. */
export function idsOfIndex(index: unknown): string[] {
  if (!Array.isArray(index)) return [];
  return index.map((entry) => (typeof entry === 'string' ? entry : (entry as { id?: unknown } | null)?.id)).filter((id): id is string => typeof id === 'string' && TEMPLATE_ID.test(id));
}

/** Every template id that can be imported: the shipped ones plus the configured repository's. */
export async function listImportableTemplates(repo: Repositories, dir = shippedAssets.templates): Promise<string[]> {
  const ids = new Set(await shippedIds(dir));
  const url = await repositoryUrl(repo);
  if (url) for (const id of idsOfIndex(await fetchJson(repo, `${url}/index.json`))) ids.add(id);
  return [...ids].sort();
}

/** A template's raw JSON from the repository (which wins when it has the id) or the shipped folder. */
export async function fetchImportableTemplate(repo: Repositories, id: string, dir = shippedAssets.templates): Promise<unknown> {
  const missing = () => new OutpostError('ErrNoTemplate', `no template with name '${id}' was found`, { name: id });
  if (!TEMPLATE_ID.test(id)) throw missing();
  const url = await repositoryUrl(repo);
  if (url && idsOfIndex(await fetchJson(repo, `${url}/index.json`)).includes(id)) {
    const found = await fetchJson(repo, `${url}/${encodeURIComponent(id)}.json`);
    if (found !== undefined) return found;
  }
  if (!(await shippedIds(dir)).includes(id)) throw missing();
  const text = await readFile(`${dir}${id}.json`, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new OutpostError('ErrInvalidJson', 'The json data is invalid', { name: id });
  }
}
