import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isRecord, isV1Template, OutpostError, type RepositoryTemplate, type TemplateRepository } from '@outpost/shared';
import { readLimited, type ByteBudget, type OutboundGuard } from '@outpost/daemon';
import type { Repositories } from '../db/repositories.js';
import { shippedAssets } from '../shippedAssets.js';
import { panelOutbound } from './panelOutbound.js';
import { saveTemplate, templateDefinition } from './saveTemplate.js';
import { idsOfIndex, shippedIds, TEMPLATE_ID } from './templateSources.js';

/** A repository that has not answered by then is reported unreachable: the import screen waits no longer. */
export const REPOSITORY_TIMEOUT_MS = 5000;
/** An index longer than this is not a template repository. */
const MAX_INDEX_ENTRIES = 500;
const MAX_URL_LENGTH = 500;
/** A template or index larger than this is not one: reading stops there (templates are a few KB). */
const MAX_REPOSITORY_FILE_BYTES = 1024 * 1024;
/** What one listing reads from a repository at most, all its files together. */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;

/** How one listing or import reads a repository: through the panel's guard, within one deadline and byte budget. */
interface RepositoryRead {
  guard: OutboundGuard;
  deadline: AbortSignal;
  budget: ByteBudget;
}

function repositoryRead(repo: Repositories): RepositoryRead {
  return { guard: panelOutbound(repo), deadline: AbortSignal.timeout(REPOSITORY_TIMEOUT_MS), budget: { left: MAX_LISTING_BYTES } };
}

const shipped: TemplateRepository = { id: 'shipped', url: '', shipped: true };

/** A repository URL as stored: http or https with a host, no credentials, no trailing slash; else ErrFieldIsInvalidHost. */
export function checkRepositoryUrl(text: string): string {
  const value = text.trim().replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || url.search || url.hash) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'must be an http or https URL', { field: 'url' });
  }
  if (value.length > MAX_URL_LENGTH) throw new OutpostError('ErrFieldTooLarge', `cannot be larger than ${MAX_URL_LENGTH}`, { field: 'url', max: MAX_URL_LENGTH });
  return value;
}

/** The shipped repository first, then those added by URL, oldest first. */
export async function listRepositories(repo: Repositories): Promise<TemplateRepository[]> {
  const added = await repo.templateRepositories.list();
  return [shipped, ...added.map((row) => ({ id: String(row.id), url: row.url, shipped: false }))];
}

export async function addRepository(repo: Repositories, text: string): Promise<TemplateRepository> {
  const url = checkRepositoryUrl(text);
  if (await repo.templateRepositories.byUrl(url)) throw new OutpostError('ErrAlreadyExists', 'this repository is already in the list', { field: 'url', url });
  const row = await repo.templateRepositories.add(url);
  return { id: String(row.id), url: row.url, shipped: false };
}

export async function removeRepository(repo: Repositories, id: string): Promise<void> {
  if (id === shipped.id) throw new OutpostError('ErrNoPermission', 'the repository shipped with Outpost cannot be removed', { id });
  if (!(await repo.templateRepositories.delete(Number(id)))) throw new OutpostError('ErrNotFound', `no template repository ${id}`, { id }, 404);
}

/** Where one repository's files are: its URL, or undefined for the shipped folder. */
async function baseOf(repo: Repositories, id: string): Promise<string | undefined> {
  if (id === shipped.id) return undefined;
  const row = await repo.templateRepositories.byId(Number(id));
  if (!row) throw new OutpostError('ErrNotFound', `no template repository ${id}`, { id }, 404);
  return row.url;
}

/**
 * GETs one JSON file of a repository through the panel's private-address guard (redirects
 * followed, each hop checked), giving up after the deadline and past MAX_REPOSITORY_FILE_BYTES;
 * an unreachable or failing repository is ErrServiceNotAvailable with its URL in the metadata,
 * a private address the settings do not allow ErrPrivateTarget, a missing file undefined.
 */
async function fetchRepositoryJson(base: string, file: string, read: RepositoryRead): Promise<unknown> {
  const { deadline } = read;
  const unavailable = (reason: string) =>
    new OutpostError('ErrServiceNotAvailable', `the template repository ${base} ${reason}`, { url: base, file });
  let response: Response;
  try {
    response = await read.guard.fetch(`${base}/${file}`, { signal: deadline });
  } catch (error) {
    if (error instanceof OutpostError) throw new OutpostError(error.code, `the template repository ${base}: ${error.message}`, { ...error.metadata, url: base, file }, error.status);
    throw unavailable(deadline.aborted ? `did not answer within ${REPOSITORY_TIMEOUT_MS / 1000} s` : `cannot be reached (${(error as Error).message})`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readLimited(response, MAX_REPOSITORY_FILE_BYTES, read.budget);
  } catch (error) {
    if (deadline.aborted) throw unavailable(`did not answer within ${REPOSITORY_TIMEOUT_MS / 1000} s`);
    if (error instanceof OutpostError && error.code === 'ErrFileTooLarge') throw unavailable(`sent more than a template repository holds (${MAX_REPOSITORY_FILE_BYTES / 1024 ** 2} MiB a file, ${MAX_LISTING_BYTES / 1024 ** 2} MiB a listing) for ${file}`);
    throw unavailable(`broke off its answer (${(error as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OutpostError('ErrInvalidJson', `${base}/${file} is not valid JSON`, { url: base, file });
  }
}

/** One template's raw JSON from a repository (the shipped folder or a URL), or undefined when it has none. */
async function readTemplate(base: string | undefined, id: string, read: RepositoryRead): Promise<unknown> {
  if (base !== undefined) return fetchRepositoryJson(base, `${encodeURIComponent(id)}.json`, read);
  if (!(await shippedIds(shippedAssets.templates)).includes(id)) return undefined;
  try {
    return JSON.parse(await readFile(`${shippedAssets.templates}${id}.json`, 'utf8'));
  } catch {
    throw new OutpostError('ErrInvalidJson', 'The json data is invalid', { name: id });
  }
}

/** JSON with object keys sorted, so two equal definitions hash alike whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The content hash of a definition as it would be stored under `id`. */
function contentHash(definition: unknown, id: string): string {
  return createHash('sha256').update(canonical({ ...(definition as object), id })).digest('hex');
}

/**
 * What a repository offers, each template marked against the installed one of its id: same
 * content (installed), different content (newer available), none yet (new), or unreadable.
 * The whole listing gives up after REPOSITORY_TIMEOUT_MS.
 */
export async function listRepositoryTemplates(repo: Repositories, repositoryId: string): Promise<RepositoryTemplate[]> {
  const base = await baseOf(repo, repositoryId);
  const read = repositoryRead(repo);
  let ids: string[];
  if (base === undefined) {
    ids = await shippedIds(shippedAssets.templates);
  } else {
    const index = await fetchRepositoryJson(base, 'index.json', read);
    if (!Array.isArray(index)) throw new OutpostError('ErrServiceNotAvailable', `the template repository ${base} has no index.json listing templates`, { url: base, file: 'index.json' });
    ids = [...new Set(idsOfIndex(index.slice(0, MAX_INDEX_ENTRIES)))];
  }
  const offered = await Promise.all(
    ids.map(async (id): Promise<RepositoryTemplate | undefined> => {
      const raw = await readTemplate(base, id, read);
      if (raw === undefined) return undefined;
      let definition: ReturnType<typeof templateDefinition>;
      try {
        definition = templateDefinition(raw);
      } catch {
        const display = isRecord(raw) && typeof raw.display === 'string' ? raw.display : id;
        return { id, display, status: 'invalid' };
      }
      const display = definition.display || definition.name || id;
      const version1 = isV1Template(raw) ? { version1: true } : {};
      const installed = await repo.templates.byId(id);
      if (!installed) return { id, display, status: 'new', ...version1 };
      const same = contentHash(JSON.parse(installed.definition), id) === contentHash(definition, id);
      return { id, display, status: same ? 'installed' : 'newer', ...version1 };
    }),
  );
  return offered.filter((entry): entry is RepositoryTemplate => entry !== undefined).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Imports one template of a repository, overwriting an installed one of the same id. A version-1
 * template is converted only when the caller asks (`convert`), never silently.
 */
export async function importFromRepository(repo: Repositories, repositoryId: string, name: string, convert = false): Promise<void> {
  const missing = () => new OutpostError('ErrNoTemplate', `no template with name '${name}' was found`, { name });
  if (!TEMPLATE_ID.test(name)) throw missing();
  const base = await baseOf(repo, repositoryId);
  const raw = await readTemplate(base, name, repositoryRead(repo));
  if (raw === undefined) throw missing();
  if (isV1Template(raw) && !convert) {
    throw new OutpostError('ErrTemplateVersion1', `'${name}' is a version-1 template: import it with convert=true to convert it`, { name }, 409);
  }
  await saveTemplate(repo, name, raw);
}
