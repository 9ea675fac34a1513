// The public face of @outpost/daemon: what the panel and the cli use.
export { Daemon, type DaemonConfig } from './Daemon.js';
export { HttpNodeClient } from './client/HttpNodeClient.js';
export { NodeSessionsPool, receivedBytes } from './client/NodeSessions.js';
export { NodeApi } from './api/NodeApi.js';
export { daemonRoutes } from './http/routes.js';
export { signNodeToken, verifyNodeToken, NODE_TOKEN_TTL_SECONDS } from './auth/nodeToken.js';
export { panelCaller } from './auth/requirePanelCaller.js';
export { parseNodeLimits, type NodeLimitsConfig } from './limits/NodeLimits.js';
export { placeServerFolders, type ServerFoldersPlace } from './servers/serverFoldersPlace.js';
export { MessageBudget, cutOffFlood } from './system/MessageBudget.js';
export { Rounds } from './system/Rounds.js';
export { OutboundGuard, outboundUrl, parseAllowedTargets, readLimited, type ByteBudget, type OutboundGuardOptions } from './system/outboundGuard.js';
