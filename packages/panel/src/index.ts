// The public face of @outpost/panel, used by the CLI.
export { buildApp } from './app.js';
export { loadConfig, type PanelConfig } from './config.js';
/** @public The type of `app.panel`, which the cli reads: context.ts adds it to FastifyInstance, and only what this file names reaches the cli's types. */
export type { PanelContext } from './context.js';
export { openDatabase } from './db/openDatabase.js';
export { migrateToLatest } from './db/migrate.js';
export { repositories, type Repositories } from './db/repositories.js';
export { createUser } from './services/createUser.js';
export { normaliseEmail } from './services/normaliseEmail.js';
export { startLocalNode } from './nodes/startLocalNode.js';
export { drainInstance } from './services/drainInstance.js';
