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
  oauth_clients: OAuthClientsTable;
  template_repositories: TemplateRepositoriesTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  activity: ActivityTable;
  metrics: MetricsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  ssh_keys: SshKeysTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  oidc_providers: OidcProvidersTable;
  oidc_links: OidcLinksTable;
  uploads: UploadsTable;
  attempts: AttemptsTable;
  tickets: TicketsTable;
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

/** A two-factor recovery code's sha256 (hex); the row is deleted when the code is used. */
export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  /** Epoch milliseconds; bigint on the wire, so read through Number(). */
  expires_at: number | string;
  /** Set when the session is an access token of an OAuth2 client. */
  client_id: string | null;
}

export interface OAuthClientsTable {
  client_id: string;
  /** argon2id of the secret, which is shown once and never stored. */
  secret_hash: string;
  /** The owner, whose permissions the client acts with. */
  user_id: number;
  /** Null for an account client; the one server a server client reaches. */
  server_id: string | null;
  name: string;
  description: string;
  created_at: number | string;
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
  /** Where the node keeps backups: BackupStorage as JSON text, the S3 secret included; null is local storage. */
  backups: string | null;
  /** Where the panels have read the node's event journal up to (NodeEventFeeds): its daemon's boot and the last number taken. */
  events_boot: string | null;
  events_seq: number | string | null;
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

/** A template repository added by URL (the shipped one is not a row). */
export interface TemplateRepositoriesTable {
  id: Generated<number>;
  /** Base URL: <url>/index.json lists the templates, <url>/<id>.json holds each. */
  url: string;
  created_at: number | string;
}

export interface InvitationsTable {
  /** sha256 of the token in the invitation link. */
  token_hash: string;
  /** Lower-cased. */
  email: string;
  server_id: string;
  /** The per-server scopes the new account will hold, space-separated. */
  scopes: string;
  invited_by: number | null;
  /** Epoch milliseconds. */
  expires_at: number | string;
}

/** One entry of the activity log (issue 31); `data` is the payload's JSON. */
export interface ActivityTable {
  id: Generated<number>;
  /** Epoch milliseconds. */
  time: number | string;
  event: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  /** The account the entry is about: the acting user, or the one a failed sign-in tried. */
  user_id: number | null;
  ip: string | null;
  server_id: string | null;
  data: string;
}

/** A span of one server's stats history in one tier (issue 32); `data` is the encoded points (MetricSpan). */
export interface MetricsTable {
  server_id: string;
  tier: number;
  /** Epoch milliseconds (bigint: PostgreSQL and MySQL answer a string). */
  start: number | string;
  until: number | string;
  rolled: number;
  data: Uint8Array;
}

export interface PasswordResetsTable {
  /** sha256 of the token in the reset link. */
  token_hash: string;
  user_id: number;
  /** Epoch milliseconds. */
  expires_at: number | string;
}

/** A webhook (issue 31): panel-wide when server_id is null. */
export interface WebhooksTable {
  id: Generated<number>;
  server_id: string | null;
  url: string;
  /** Event names, space-separated. */
  events: string;
  format: string;
  enabled: number;
  /** Kept as it is: every delivery is signed with it. Never answered after creation. */
  secret: string;
  created_at: number | string;
}

/** A webhook delivery: queued (pending), then delivered or failed; the exact body as sent. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: number;
  event: string;
  body: string;
  status: string;
  attempts: number;
  created_at: number | string;
  next_attempt_at: number | string | null;
  last_attempt_at: number | string | null;
  answer_code: number | null;
  error: string | null;
}

/** An account's SSH key for SFTP; a key (by fingerprint) belongs to one account only. */
export interface SshKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  algorithm: string;
  /** The key's base64 blob. */
  public_key: string;
  fingerprint: string;
  created_at: number | string;
  last_used_at: number | string | null;
}

/** An OpenID Connect provider admins added; the client secret is kept as it is (see 0016_oidc). */
export interface OidcProvidersTable {
  id: Generated<number>;
  label: string;
  icon: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  create_accounts: number;
  allowed_domains: string;
  claim_mapping: string | null;
  enabled: number;
  created_at: number | string;
}

/** A provider's subject linked to an account; one account per subject, one subject per account and provider. */
export interface OidcLinksTable {
  user_id: number;
  provider_id: number;
  subject: string;
  email: string;
  created_account: number;
  created_at: number | string;
}

/** An account's passkey (WebAuthn credential); `credential_hash` (sha256 of the id) is unique. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** base64url. */
  credential_id: string;
  credential_hash: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number | string;
  /** Comma-separated. */
  transports: string;
  created_at: number | string;
  last_used_at: number | string | null;
}

/** One attempt counted against a budget (services/budgets/StoredBudget.ts); `key_hash` is the sha256 of the budget's key. */
export interface AttemptsTable {
  id: string;
  budget: string;
  key_hash: string;
  expires_at: number | string;
}

/** A one-use ticket (services/tickets/StoredTickets.ts): the sha256 of the ticket and its JSON payload. */
export interface TicketsTable {
  kind: string;
  ticket_hash: string;
  payload: string;
  expires_at: number | string;
}

/** A resumable upload under way (db/uploads.ts); the bytes are on the server's node. */
export interface UploadsTable {
  id: string;
  server_id: string;
  user_id: number;
  path: string;
  length: number | string;
  created_at: number | string;
  updated_at: number | string;
}
