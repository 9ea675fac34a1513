import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyVariableValues, checkDefinitionValues, OutpostError, parseDefinition, readDefinition } from '@outpost/shared';
import type { RunFlagName, ServerDefinition, Variable } from '@outpost/shared';
import { restrictedTasks, tasksOf, type StoredTask, type StoredTaskMap } from './ServerTasks.js';
import { checkSchedule } from './taskSchedule.js';
import { assertServerId, isServerId } from './serverId.js';
import { Server, serverBuiltins } from './Server.js';
import type { ServerOptions } from './Server.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';
import { ServerUsers } from './serverUsers.js';

export interface ServerManagerOptions extends ServerOptions {
  /** Where `<id>.json` definitions live. */
  serversDir: string;
  /** Where each server's folder `<id>/` lives (default: serversDir). */
  dataDir?: string;
  /** Called for definitions on disk that cannot be read, which are skipped. */
  onLoadError?(id: string, error: Error): void;
  /** First uid handed to a server when the daemon runs as root (default DEFAULT_SERVER_UID_BASE). */
  uidBase?: number;
}

/**
 * A server folder must behave like any empty folder: without a package.json above it, Node would
 * find Outpost's own (and its "type": "module") when a program looks up its nearest one.
 */
const NEUTRAL_PACKAGE_JSON = '{}\n';

/** The servers of this node: each a definition file `<id>.json` and a folder `<id>/`. */
export class ServerManager {
  private readonly servers = new Map<string, Server>();
  private readonly users: ServerUsers;

  constructor(private readonly options: ServerManagerOptions) {
    this.users = new ServerUsers(this.dataDir, options.uidBase);
  }

  private get dataDir(): string {
    return this.options.dataDir ?? this.options.serversDir;
  }

  private definitionPath(id: string): string {
    return join(this.options.serversDir, `${id}.json`);
  }

  /** Where a server's console is kept while the daemon is down. */
  private consolePath(id: string): string {
    return join(this.options.serversDir, `${id}.console`);
  }

  private rootOf(id: string): string {
    return join(this.dataDir, id);
  }

  /**
   * Reads every definition in the servers folder. The folders are made searchable but not
   * listable by others (each server's user must reach its own folder), the definitions readable
   * by the daemon alone, and each server folder gets its user (folders from before get one now).
   */
  async load(): Promise<void> {
    for (const folder of new Set([this.options.serversDir, this.dataDir])) {
      await mkdir(folder, { recursive: true, mode: 0o711 });
      await chmod(folder, 0o711);
    }
    await writeFile(join(this.dataDir, 'package.json'), NEUTRAL_PACKAGE_JSON, { mode: 0o644 });
    for (const name of await readdir(this.options.serversDir)) {
      const id = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !isServerId(id) || this.servers.has(id)) continue;
      try {
        await chmod(this.definitionPath(id), 0o600);
        const def = await this.readFromDisk(id);
        await mkdir(this.rootOf(id), { recursive: true, mode: 0o700 });
        await this.users.claim(this.rootOf(id));
        const server = new Server(id, this.rootOf(id), def, this.options);
        await this.restoreConsole(server);
        this.servers.set(id, server);
      } catch (error) {
        this.options.onLoadError?.(id, error as Error);
      }
    }
  }

  list(): Server[] {
    return [...this.servers.values()];
  }

  get(id: string): Server {
    const server = isServerId(id) ? this.servers.get(id) : undefined;
    if (!server) throw new OutpostError('ErrNotFound', `no server ${id} on this node`, { id });
    return server;
  }

  has(id: string): boolean {
    return this.servers.has(id);
  }

  async create(id: string, definition: unknown): Promise<Server> {
    assertServerId(id);
    if (this.servers.has(id)) throw new OutpostError('ErrAlreadyExists', `server ${id} already exists`, { id });
    const def = readDefinition(definition);
    this.checkValues(id, def);
    await mkdir(this.rootOf(id), { recursive: true, mode: 0o700 });
    await this.users.claim(this.rootOf(id));
    await this.writeToDisk(id, def);
    const server = new Server(id, this.rootOf(id), def, this.options);
    this.servers.set(id, server);
    return server;
  }

  /** Kills the whole process tree, then removes the files and the definition. */
  async delete(id: string): Promise<void> {
    const server = this.get(id);
    this.servers.delete(id);
    await server.destroy();
    await server.files.removeFolder();
    await unlink(this.definitionPath(id)).catch(() => undefined);
    await unlink(this.consolePath(id)).catch(() => undefined);
  }

  async putDefinition(id: string, definition: unknown): Promise<void> {
    const server = this.get(id);
    const def = readDefinition(definition);
    this.checkValues(id, def);
    await this.writeToDisk(id, def);
    server.setDefinition(def);
  }

  /** Sets run flags (autostart, autorestart, autorecover) on the definition as it is now. */
  async putRunFlags(id: string, flags: Partial<Record<RunFlagName, boolean>>): Promise<void> {
    const server = this.get(id);
    const def: ServerDefinition = { ...server.definition, run: { ...server.definition.run, ...flags } };
    await this.writeToDisk(id, def);
    server.setDefinition(def);
  }

  /** The server's variables (the map of name to variable, values included). */
  getData(id: string): Record<string, Variable> {
    return this.get(id).definition.data ?? {};
  }

  /** Sets variable values, checked against their types; `asAdmin` may change non-userEdit ones too. */
  async putData(id: string, values: Record<string, unknown>, asAdmin: boolean): Promise<void> {
    const server = this.get(id);
    const plain: Record<string, unknown> = {};
    // Accept both {name: value} and {name: {value}} (the variable shape the GET answers).
    for (const [name, value] of Object.entries(values)) {
      plain[name] = value !== null && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
    }
    const def: ServerDefinition = { ...server.definition, data: applyVariableValues(server.definition.data ?? {}, plain, asAdmin) };
    this.checkValues(id, def);
    await this.writeToDisk(id, def);
    server.setDefinition(def);
  }

  /** The server's tasks by id, with their stamps. */
  getTasks(id: string): StoredTaskMap {
    return tasksOf(this.get(id).definition);
  }

  /** Saves a new task in the definition (ErrInvalidCron for a bad schedule) and schedules it; answers its id. */
  async createTask(id: string, task: StoredTask): Promise<string> {
    const taskId = randomBytes(8).toString('hex');
    await this.saveTasks(id, task, (tasks) => ({ ...tasks, [taskId]: task }));
    return taskId;
  }

  async editTask(id: string, taskId: string, task: StoredTask): Promise<void> {
    await this.saveTasks(id, task, (tasks) => ({ ...tasks, [this.taskOf(tasks, taskId)]: task }));
  }

  async deleteTask(id: string, taskId: string): Promise<void> {
    await this.saveTasks(id, undefined, (tasks) => {
      const rest = { ...tasks };
      delete rest[this.taskOf(tasks, taskId)];
      return rest;
    });
  }

  /** Narrows the stamps of the tasks `user` saved on server `id` to `held` (ServerTasks' restrictedTasks); writes only on a change. */
  async restrictTasks(id: string, user: string, held: readonly string[]): Promise<void> {
    const server = this.get(id);
    const tasks = restrictedTasks(server.definition, user, held);
    if (!tasks) return;
    const def = { ...server.definition, tasks } as ServerDefinition;
    await this.writeToDisk(id, def);
    server.setDefinition(def);
  }

  /** `taskId` when the map holds it, else 404 ErrNotFound. */
  private taskOf(tasks: Record<string, unknown>, taskId: string): string {
    if (!Object.hasOwn(tasks, taskId)) throw new OutpostError('ErrNotFound', `no task ${taskId}`, { id: taskId });
    return taskId;
  }

  /** Writes the definition with its task map changed by `change`; the tasks move with it, as an export does. */
  private async saveTasks(id: string, task: StoredTask | undefined, change: (tasks: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const server = this.get(id);
    if (task?.cronSchedule) checkSchedule(task.cronSchedule);
    const current = (server.definition as { tasks?: unknown }).tasks;
    const tasks = typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
    const def = { ...server.definition, tasks: change(tasks) } as ServerDefinition;
    await this.writeToDisk(id, def);
    server.setDefinition(def);
  }

  /** Re-reads the definition file, e.g. after an admin edited it by hand. */
  async reload(id: string): Promise<void> {
    const server = this.get(id);
    server.setDefinition(await this.readFromDisk(id));
  }

  /** Daemon start: starts the servers whose definition says autostart. */
  autostart(onError: (server: Server, error: Error) => void): void {
    for (const server of this.servers.values()) {
      if (server.definition.run.autostart) server.start().catch((error: Error) => onError(server, error));
    }
  }

  /** Stops every server, then keeps each console on disk so its history is back after the restart. */
  async shutdown(): Promise<void> {
    await Promise.all([...this.servers.values()].map((server) => server.shutdown()));
    await Promise.all([...this.servers.values()].map((server) => this.saveConsole(server)));
  }

  private async saveConsole(server: Server): Promise<void> {
    const chunks = server.console.saved();
    if (chunks.length === 0) return;
    // Console output can hold what a definition can (tokens a program printed): the daemon's alone.
    // A console that cannot be kept is lost history, not a reason to fail the shutdown.
    await writeFile(this.consolePath(server.id), JSON.stringify(chunks), { mode: 0o600 }).catch(() => undefined);
  }

  /** Reads a kept console back once; a broken or missing file leaves the console empty. */
  private async restoreConsole(server: Server): Promise<void> {
    const path = this.consolePath(server.id);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return;
    }
    await unlink(path).catch(() => undefined);
    try {
      server.console.restore(JSON.parse(text));
    } catch {
      // a torn file from a crash during shutdown: nothing to restore
    }
  }

  /** Refuses (ErrInvalidVariable) values that do not fit their type or their place in a command, before they are saved. */
  private checkValues(id: string, def: ServerDefinition): void {
    checkDefinitionValues(def, serverBuiltins(id, this.rootOf(id)));
  }

  private async readFromDisk(id: string): Promise<ServerDefinition> {
    let text: string;
    try {
      text = await readFile(this.definitionPath(id), 'utf8');
    } catch {
      throw new OutpostError('ErrNotFound', `no definition for server ${id} on disk`, { id });
    }
    return parseDefinition(text);
  }

  /** Through a temp name, renamed over the old file; 0600, as a definition may hold secrets (a bot token). */
  private async writeToDisk(id: string, def: ServerDefinition): Promise<void> {
    await writeFileAtomic(this.definitionPath(id), JSON.stringify(def, null, 2) + '\n');
  }

}
