// The public face of @outpost/shared. Append one export line per module; keep it browser-safe
// (no node: imports here; node-only helpers live in modules the web app does not import).
export * from './errors.js';
export * from './scopes.js';
export * from './validators.js';
export * from './template/index.js';
export * from './i18n/locales.js';
export * from './nodeClient.js';
export * from './actionScopes.js';
export * from './contract/common.js';
export * from './contract/auth.js';
export * from './contract/config.js';
export * from './contract/self.js';
export * from './contract/oauth2.js';
export * from './contract/settings.js';
export * from './contract/userSettings.js';
export * from './contract/permissions.js';
export * from './contract/servers.js';
export * from './contract/serverUsers.js';
export * from './contract/nodes.js';
export * from './contract/templates.js';
export * from './contract/sftpAuth.js';
export * from './contract/definition.js';
export * from './contract/serverApi.js';
export * from './contract/socket.js';
export * from './contract/daemonRoutes.js';
export * from './contract/tasks.js';
export * from './readTar.js';
