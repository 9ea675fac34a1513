import { randomBytes } from 'node:crypto';
import {
  OutpostError,
  Scopes,
  applyVariableValues,
  checkDefinitionValues,
  grants,
  requireAction,
  serverActionScopes,
  readDefinition,
  serverPermissionFlags,
  scopesFromPermissions,
  type CreateServerRequest,
  type EnvironmentConfig,
  type ServerDefinition,
  type ServerPermissions,
} from '@outpost/shared';
import type { PanelContext } from '../context.js';
import { isUniqueViolation } from '../db/isUniqueViolation.js';
import { assertServerName } from './assertServerName.js';
import { templateDefinition } from './saveTemplate.js';

/** The duplicate-name error, for both our own check and the database's unique index. */
export function duplicateServerName(name: string): OutpostError {
  return new OutpostError('ErrDuplicateServerName', 'A server with this name already exists', { name });
}

/** The request's own fields; whatever else a body without `template` holds (environment too) is the definition. */
const REQUEST_FIELDS = new Set(['name', 'node', 'template', 'variables', 'users', 'installNow', 'limits']);

/** A template as the request names it: a stored template by id, or (admins) a whole definition, under `template` or at the top level. */
async function definitionOf(ctx: PanelContext, input: CreateServerRequest, creatorScopes: readonly string[]): Promise<ServerDefinition> {
  if (input.template === undefined && !('run' in input)) throw new OutpostError('ErrFieldRequired', 'template is required', { field: 'template' });
  // `install` is the definition's steps when a list, and the older name of installNow when a boolean.
  const template: unknown =
    input.template ?? Object.fromEntries(Object.entries(input).filter(([key, value]) => !REQUEST_FIELDS.has(key) && !(key === 'install' && typeof value === 'boolean')));
  if (typeof template === 'string') {
    const row = await ctx.repo.templates.byId(template);
    if (!row) throw new OutpostError('ErrNoTemplate', `no template with name '${template}' was found`, { name: template });
    return readDefinition(JSON.parse(row.definition));
  }
  requireAction(creatorScopes, 'createFromDefinition');
  return templateDefinition(template);
}

/** Picks the requested environment among those the template supports (same type), keeping the request's options. */
function chooseEnvironment(definition: ServerDefinition, wanted: EnvironmentConfig): EnvironmentConfig {
  const supported = definition.supportedEnvironments?.length ? definition.supportedEnvironments : definition.environment ? [definition.environment] : [];
  const match = supported.find((env) => env.type === wanted.type);
  if (!match) {
    throw new OutpostError('ErrFieldRequired', `environment ${wanted.type} is not supported by this template`, { field: 'environment', supported: supported.map((e) => e.type) });
  }
  return { ...match, ...wanted } as EnvironmentConfig;
}

/**
 * Creates a server: checks the request, instantiates the template with the given variables and
 * environment, creates it on its node, then records it and grants every per-server permission to
 * the creator (and any listed users). A failed insert removes the server from the node again.
 */
export async function createServer(ctx: PanelContext, creator: { userId: number; scopes: string[] }, input: CreateServerRequest): Promise<string> {
  assertServerName(input.name);
  const node = await ctx.repo.nodes.byId(input.node);
  if (!node) throw new OutpostError('ErrNotFound', `no node ${input.node}`, { field: 'node', node: input.node }, 404);
  if (await ctx.repo.servers.byName(input.name)) throw duplicateServerName(input.name);

  const every = Object.fromEntries(serverPermissionFlags.map((f) => [f, true])) as ServerPermissions;
  const grantsOf = new Map<number, string[]>([[creator.userId, scopesFromPermissions(every)]]);
  for (const entry of input.users ?? []) {
    const { email, ...flags } = typeof entry === 'string' ? { email: entry, ...every } : entry;
    const user = await ctx.repo.users.byEmail(email);
    if (!user) throw new OutpostError('ErrUserNotFound', 'user not found', { email });
    if (user.id !== creator.userId) grantsOf.set(user.id, scopesFromPermissions(flags));
  }

  // Limits are part of the definition, so setting them needs what editing it needs; a template's own are the default.
  if (input.limits !== undefined) requireAction(creator.scopes, 'definitionEdit');
  const template = await definitionOf(ctx, input, creator.scopes);
  const environment = chooseEnvironment(template, input.environment);
  const data = applyVariableValues(template.data ?? {}, input.variables ?? {}, grants(creator.scopes, serverActionScopes.adminVariables));
  const definition: ServerDefinition = { ...template, name: input.name, data, environment, ...(input.limits && { limits: input.limits }) };
  // The node checks again; checking here spares it a server that could never be saved.
  checkDefinitionValues(definition);
  const id = randomBytes(4).toString('hex');

  const client = ctx.nodes.forRow(node);
  const caller = { user: String(creator.userId), scopes: [...new Set([...creator.scopes, Scopes.ServersCreate])] };
  await client.createServer(caller, id, definition);
  try {
    await ctx.repo.servers.insert({ id, name: input.name, node_id: node.id, ip: '', port: portOf(data), type: template.type ?? '', created_at: Date.now() });
  } catch (error) {
    await client.deleteServer({ ...caller, scopes: [...caller.scopes, Scopes.ServersDelete] }, id).catch(() => undefined);
    throw isUniqueViolation(error) ? duplicateServerName(input.name) : error;
  }
  for (const [userId, scopes] of grantsOf) await ctx.repo.permissions.replace(userId, id, scopes);
  return id;
}

/** The port a server listens on, when its template has a variable named port. */
function portOf(data: ServerDefinition['data']): number | null {
  const value = data?.port?.value;
  const port = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}
