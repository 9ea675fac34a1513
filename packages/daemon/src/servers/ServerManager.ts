import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { applyVariableValues, OutpostError, parseDefinition, readDefinition } from '@outpost/shared';
import type { ServerDefinition, Variable } from '@outpost/shared';
import { closeServerFiles } from '../files/serverFilesFor.js';
import { removeServerFolder } from '../files/ServerJail.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';
import { assertServerId, isServerId } from './serverId.js';
import { Server } from './Server.js';
import type { ServerOptions } from './Server.js';

export interface ServerManagerOptions extends ServerOptions {
  /** Where `<id>.json` definitions live. */
  serversDir: string;
  /** Where each server's folder `<id>/` lives (default: serversDir). */
  dataDir?: string;
  /** Called for definitions on disk that cannot be read, which are skipped. */
  onLoadError?(id: string, error: Error): void;
}

/** The servers of this node: each a definition file `<id>.json` and a folder `<id>/`. */
export class ServerManager {
  private readonly servers = new Map<string, Server>();

  constructor(private readonly options: ServerManagerOptions) {}

  private definitionPath(id: string): string {
    return join(this.options.serversDir, `${id}.json`);
  }

  private rootOf(id: string): string {
    return join(this.options.dataDir ?? this.options.serversDir, id);
  }

  /** Reads every definition in the servers folder. */
  async load(): Promise<void> {
    await mkdir(this.options.serversDir, { recursive: true });
    for (const name of await readdir(this.options.serversDir)) {
      const id = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !isServerId(id) || this.servers.has(id)) continue;
      try {
        const def = await this.readFromDisk(id);
        await mkdir(this.rootOf(id), { recursive: true });
        this.servers.set(id, new Server(id, this.rootOf(id), def, this.options));
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
    if (this.servers.has(id)) throw new OutpostError('ErrGeneric', `server ${id} already exists`, { id }, 409);
    const def = readDefinition(definition);
    await mkdir(this.rootOf(id), { recursive: true });
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
    closeServerFiles(this.rootOf(id));
    await removeServerFolder(this.rootOf(id));
    await unlink(this.definitionPath(id)).catch(() => undefined);
  }

  async putDefinition(id: string, definition: unknown): Promise<void> {
    const server = this.get(id);
    const def = readDefinition(definition);
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

  async shutdown(): Promise<void> {
    await Promise.all([...this.servers.values()].map((server) => server.shutdown()));
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

  private writeToDisk(id: string, def: ServerDefinition): Promise<void> {
    return writeFileAtomic(this.definitionPath(id), JSON.stringify(def, null, 2) + '\n');
  }
}
