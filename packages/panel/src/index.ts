// The public face of @outpost/panel, used by the CLI.
export { buildApp, type BuildAppOptions } from './app.js';
export { loadConfig, ConfigEnv, type PanelConfig, type DbDialect } from './config.js';
export type { PanelContext, RouteScope, RequestSession } from './context.js';
export { openDatabase } from './db/openDatabase.js';
export { migrateToLatest } from './db/migrate.js';
export { repositories, type Repositories } from './db/repositories.js';
export type { Database } from './db/schema.js';
export { createUser, type NewUser } from './services/createUser.js';
export { normaliseEmail } from './services/normaliseEmail.js';
export { scopesForServer } from './services/policy/policy.js';
export { prepareFirstStart, LOCAL_NODE_NAME } from './services/prepareFirstStart.js';
export { NodeClients } from './nodes/NodeClients.js';
export { authenticateSftp, type SftpGrant } from './services/authenticateSftp.js';
export { SFTP_TOKEN_SERVER } from './routes/sftpAuth/sftpAuth.js';
export { startLocalNode, type LocalNode } from './nodes/startLocalNode.js';
