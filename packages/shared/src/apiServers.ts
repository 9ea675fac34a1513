/**
 * Wire shapes of the panel's server, node, template and per-server user calls
 * (spec panel.md section 7; server-page.md section 3). The daemon proxy under
 * /proxy/daemon/server/{id}/... answers the shapes of nodeClient.ts.
 */
import type { ServerPermissions } from './scopes.js';
import type { EnvironmentConfig, ServerDefinition, VariableValue } from './template/types.js';
import type { Paging } from './api.js';

/** The node as a server row shows it. */
export interface ServerNodeSummary {
  id: number;
  name: string;
  publicHost: string;
  sftpPort: number;
}

/** GET /api/servers rows. Address rule (spec section 2): ip, or node.publicHost when ip is empty or "{ip}", then ":port" when port is set. */
export interface ServerSummary {
  id: string;
  name: string;
  ip: string;
  port: number | null;
  type: string;
  node: ServerNodeSummary;
}

/** GET /api/servers?page=&limit= (limit default 10). */
export interface ServerListResponse {
  servers: ServerSummary[];
  paging: Paging;
}

/** POST /api/servers: from a template id, or (admins) a full definition in API form. */
export interface CreateServerRequest {
  name: string;
  node: number;
  template: string | ServerDefinition;
  environment: EnvironmentConfig;
  variables?: Record<string, VariableValue>;
  /** Users to grant every per-server permission to, by email (default: the creator). */
  users?: string[];
}

export interface CreateServerResponse {
  id: string;
}

/** GET /api/servers/{id}?perms: `permissions` holds the spec's flags plus `admin`. */
export interface ServerDetailResponse {
  server: ServerSummary;
  permissions?: ServerPermissions & { admin: boolean };
}

/** GET /api/servers/{id}/user rows; PUT /api/servers/{id}/user/{email} takes the flags. */
export type ServerUserEntry = { email: string; username?: string } & Partial<ServerPermissions>;

/** GET /api/nodes rows and GET /api/nodes/{id}. */
export interface NodeView {
  id: number;
  name: string;
  publicHost: string;
  publicPort: number;
  privateHost: string;
  privatePort: number;
  sftpPort: number;
  isLocal: boolean;
}

/** GET /api/templates rows. */
export interface TemplateSummary {
  id: string;
  name: string;
  display: string;
  type: string;
}

/** POST /api/templates/import answers the importable template ids. */
export type ImportableTemplates = string[];
