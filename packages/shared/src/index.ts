// The public face of @outpost/shared. Append one export line per module; keep it browser-safe
// (no node: imports here; node-only helpers live in modules the web app does not import).
export * from './errors.js';
export * from './scopes.js';
export * from './api.js';
export * from './validators.js';
export * from './template/index.js';
export * from './i18n/locales.js';
export * from './nodeClient.js';
export * from './apiServers.js';
export * from './actionScopes.js';
