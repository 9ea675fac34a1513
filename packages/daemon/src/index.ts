// The public face of @outpost/daemon: what the panel and the cli use.
export { Daemon, type DaemonConfig, type DaemonLogger, type DaemonSftpConfig, type SftpCheck } from './Daemon.js';
export { HttpNodeClient, type HttpNodeClientOptions } from './client/HttpNodeClient.js';
export { NodeSessionsPool } from './client/NodeSessions.js';
export { NodeApi, type NodeApiHost } from './api/NodeApi.js';
export { daemonRoutes, type DaemonOfRoutes } from './http/routes.js';
export { signNodeToken, verifyNodeToken, NODE_TOKEN_TTL_SECONDS, type NodeTokenPayload } from './auth/nodeToken.js';
export { newServerId, isServerId } from './servers/serverId.js';
export type { Server } from './servers/Server.js';
export type { ServerManager } from './servers/ServerManager.js';
export type { Environment, ExecutionSpec, RunningProcess, ProcessStats, ExitInfo } from './environments/environment.js';
export { placeServerFolders, type ServerFoldersPlace } from './servers/serverFoldersPlace.js';
export { MessageBudget, DefaultMessageBudget, cutOffFlood, type MessageBudgetOptions, type BudgetVerdict } from './system/MessageBudget.js';
export { OutboundGuard, parseAllowedTargets, readLimited, type ByteBudget, type OutboundGuardOptions } from './system/outboundGuard.js';
