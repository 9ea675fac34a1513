import type { Generated } from 'kysely';

/** Table types of the panel database. Booleans are stored as 0/1 integers on every dialect. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  permissions: PermissionsTable;
  settings: SettingsTable;
  user_settings: UserSettingsTable;
  nodes: NodesTable;
  servers: ServersTable;
  templates: TemplatesTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  otp_secret: string | null;
  otp_active: number;
  otp_last_counter: number | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  /** Epoch milliseconds; bigint on the wire, so read through Number(). */
  expires_at: number | string;
}

export interface PermissionsTable {
  id: Generated<number>;
  user_id: number;
  /** Null for a panel-level scope; a server id (8 hex characters) for a per-server scope. */
  server_id: string | null;
  scope: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UserSettingsTable {
  user_id: number;
  key: string;
  value: string;
}

export interface NodesTable {
  id: Generated<number>;
  name: string;
  public_host: string;
  public_port: number;
  private_host: string;
  private_port: number;
  sftp_port: number;
  secret: string;
  is_local: number;
}

export interface ServersTable {
  /** 8 lowercase hex characters. */
  id: string;
  name: string;
  node_id: number;
  /** "" or "{ip}" means the node's public host. */
  ip: string;
  port: number | null;
  type: string;
  /** Epoch milliseconds. */
  created_at: number | string;
}

export interface TemplatesTable {
  id: string;
  name: string;
  display: string;
  type: string;
  /** The API-form definition as JSON text. */
  definition: string;
  updated_at: number | string;
}
