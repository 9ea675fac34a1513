import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import { CreatedWebhook, NotificationPreferences, Webhook, WebhookDeliveryList, WebhookRequest, WebhookTestAnswer } from '@outpost/shared';
import { AddSshKeyRequest, SshKey, SshKeyList } from '@outpost/shared';
import { OidcLinkRequest, OidcProvider, OidcProviderRequest, OidcPublicProvider, PendingOidcLink, SignInMethods } from '@outpost/shared';
import {
  BackupCreated,
  BackupEditRequest,
  BackupList,
  BackupPolicy,
  AcceptInviteRequest,
  AppConfig,
  ArchiveRequest,
  ConsoleCommandRequest,
  ConsoleReplay,
  CreateOAuthClientRequest,
  CreatedOAuthClient,
  CreateServerRequest,
  CreateServerResponse,
  DefinitionBody,
  EmailStatusResponse,
  ErrorBody,
  FileEntries,
  FileMoveRequest,
  ForgotPasswordRequest,
  ImportableTemplates,
  InviteResponse,
  LoginRequest,
  NodeDeployment,
  NodeRequest,
  NodeView,
  SecretRotation,
  OAuthClientList,
  OtpConfirmRequest,
  OtpLoginRequest,
  OtpSetupResponse,
  OtpStatusResponse,
  POWER_ACTIONS,
  AddPasskeyRequest,
  Passkey,
  PasskeyList,
  PasskeyLoginRequest,
  PasskeyOptions,
  RenamePasskeyRequest,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  PutServerUserRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SelfResponse,
  ServerDataRequest,
  ServerDataResponse,
  ServerDefinition,
  ServerDetailResponse,
  ServerFlags,
  ServerFlagsRequest,
  ServerListResponse,
  ServerStats,
  StatsHistory,
  TaskBody,
  TaskCreated,
  TaskList,
  ServerStatus,
  ServerUserEntry,
  SessionResponse,
  SettingRequest,
  SettingResponse,
  SettingsRequest,
  SftpAuthRequest,
  SftpAuthResponse,
  TemplateSummary,
  TemplateRepository,
  AddTemplateRepositoryRequest,
  RepositoryTemplate,
  TestEmailRequest,
  TestEmailResponse,
  UpdateSelfRequest,
  CreateUserRequest,
  FirstAdminResponse,
  UpdateUserRequest,
  UserListResponse,
  PutUserPerms,
  UserPerms,
  UserView,
  UserSettingRequest,
  UserSettingsResponse,
  BackupStorage,
  BackupStorageState,
  ActivityListResponse,
} from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factories.js';

/** What each documented call takes and answers on success, from the shared contract. */
interface Call {
  body?: TSchema;
  ok: [number, TSchema | null];
}

const none: Call['ok'] = [204, null];
const server = '/proxy/daemon/server/{id}';

const calls: Record<string, Call> = {
  'POST /auth/register': { body: RegisterRequest, ok: [200, SessionResponse] },
  'POST /auth/login': { body: LoginRequest, ok: [200, SessionResponse] },
  'POST /auth/otp': { body: OtpLoginRequest, ok: [200, SessionResponse] },
  'POST /auth/reauth': { ok: [200, SessionResponse] },
  'POST /auth/logout': { ok: none },
  'GET /auth/invite/{token}': { ok: [200, InviteResponse] },
  'POST /auth/invite': { body: AcceptInviteRequest, ok: [200, SessionResponse] },
  'POST /auth/password/forgot': { body: ForgotPasswordRequest, ok: none },
  'POST /auth/password/reset': { body: ResetPasswordRequest, ok: none },
  'GET /api/config': { ok: [200, AppConfig] },
  'GET /theme/{file}': { ok: [200, null] },
  'GET /api/self': { ok: [200, SelfResponse] },
  'PUT /api/self': { body: UpdateSelfRequest, ok: [200, SelfResponse] },
  'GET /api/self/otp': { ok: [200, OtpStatusResponse] },
  'POST /api/self/otp': { ok: [200, OtpSetupResponse] },
  'PUT /api/self/otp': { body: OtpConfirmRequest, ok: [200, RecoveryCodesResponse] },
  'POST /api/self/otp/recovery': { body: RegenerateRecoveryCodesRequest, ok: [200, RecoveryCodesResponse] },
  'DELETE /api/self/otp/{token}': { ok: none },
  'GET /api/self/passkeys': { ok: [200, PasskeyList] },
  'POST /api/self/passkeys/options': { ok: [200, PasskeyOptions] },
  'POST /api/self/passkeys': { body: AddPasskeyRequest, ok: [200, Passkey] },
  'PUT /api/self/passkeys/{id}': { body: RenamePasskeyRequest, ok: [200, Passkey] },
  'DELETE /api/self/passkeys/{id}': { ok: none },
  'POST /auth/passkey/options': { ok: [200, PasskeyOptions] },
  'POST /auth/passkey': { body: PasskeyLoginRequest, ok: [200, SessionResponse] },
  'GET /api/self/activity': { ok: [200, ActivityListResponse] },
  'GET /api/self/notifications': { ok: [200, NotificationPreferences] },
  'PUT /api/self/notifications': { body: NotificationPreferences, ok: [200, NotificationPreferences] },
  'GET /api/self/sshkeys': { ok: [200, SshKeyList] },
  'POST /api/self/sshkeys': { body: AddSshKeyRequest, ok: [200, SshKey] },
  'DELETE /api/self/sshkeys/{id}': { ok: none },
  'GET /api/activity': { ok: [200, ActivityListResponse] },
  'GET /api/servers/{id}/activity': { ok: [200, ActivityListResponse] },
  'GET /metrics': { ok: [200, null] },
  'GET /api/self/oauth2': { ok: [200, OAuthClientList] },
  'POST /api/self/oauth2': { body: CreateOAuthClientRequest, ok: [200, CreatedOAuthClient] },
  'DELETE /api/self/oauth2/{id}': { ok: none },
  'GET /api/servers/{id}/oauth2': { ok: [200, OAuthClientList] },
  'POST /api/servers/{id}/oauth2': { body: CreateOAuthClientRequest, ok: [200, CreatedOAuthClient] },
  'DELETE /api/servers/{id}/oauth2/{clientId}': { ok: none },
  'GET /api/settings/{key}': { ok: [200, SettingResponse] },
  'PUT /api/settings/{key}': { body: SettingRequest, ok: none },
  'POST /api/settings': { body: SettingsRequest, ok: none },
  'GET /api/settings/email/status': { ok: [200, EmailStatusResponse] },
  'POST /api/settings/email/test': { body: TestEmailRequest, ok: [200, TestEmailResponse] },
  'GET /api/userSettings': { ok: [200, UserSettingsResponse] },
  'PUT /api/userSettings/{key}': { body: UserSettingRequest, ok: none },
  'GET /api/servers': { ok: [200, ServerListResponse] },
  'POST /api/servers': { body: CreateServerRequest, ok: [200, CreateServerResponse] },
  'GET /api/servers/{id}': { ok: [200, ServerDetailResponse] },
  'DELETE /api/servers/{id}': { ok: none },
  'PUT /api/servers/{id}/name/{name}': { ok: none },
  'GET /api/servers/{id}/user': { ok: [200, Type.Array(ServerUserEntry)] },
  'PUT /api/servers/{id}/user/{email}': { body: PutServerUserRequest, ok: none },
  'DELETE /api/servers/{id}/user/{user}': { ok: none },
  'GET /api/users': { ok: [200, UserListResponse] },
  'POST /api/users': { body: CreateUserRequest, ok: [200, UserView] },
  'GET /api/users/firstAdmin': { ok: [200, FirstAdminResponse] },
  'GET /api/users/{id}': { ok: [200, UserView] },
  'POST /api/users/{id}': { body: UpdateUserRequest, ok: [200, UserView] },
  'DELETE /api/users/{id}': { ok: none },
  'GET /api/users/{id}/perms': { ok: [200, UserPerms] },
  'PUT /api/users/{id}/perms': { body: PutUserPerms, ok: none },
  'GET /api/nodes': { ok: [200, Type.Array(NodeView)] },
  'POST /api/nodes': { body: NodeRequest, ok: [200, NodeView] },
  'GET /api/nodes/{id}': { ok: [200, NodeView] },
  'GET /api/nodes/{id}/stats/history': { ok: [200, StatsHistory] },
  'GET /api/servers/{id}/stats/history': { ok: [200, StatsHistory] },
  // Resumable uploads speak tus in headers: no bodies either way.
  'POST /api/servers/{id}/uploads': { ok: [201, null] },
  'PATCH /api/servers/{id}/uploads/{uploadId}': { ok: none },
  'DELETE /api/servers/{id}/uploads/{uploadId}': { ok: none },
  'PUT /api/nodes/{id}': { body: NodeRequest, ok: none },
  'DELETE /api/nodes/{id}': { ok: none },
  'GET /api/nodes/{id}/deployment': { ok: [200, NodeDeployment] },
  'POST /api/nodes/{id}/secret': { ok: [200, SecretRotation] },
  'POST /api/nodes/{id}/backups/test': { body: Type.Object({ backups: Type.Optional(BackupStorage) }), ok: [200, BackupStorageState] },
  'POST /api/nodes/sftp/authenticate': { body: SftpAuthRequest, ok: [200, SftpAuthResponse] },
  'GET /api/templates': { ok: [200, Type.Array(TemplateSummary)] },
  'GET /api/templates/{id}': { ok: [200, ServerDefinition] },
  'PUT /api/templates/{id}': { body: Type.Unknown(), ok: none },
  'DELETE /api/templates/{id}': { ok: none },
  'GET /api/template-repositories': { ok: [200, Type.Array(TemplateRepository)] },
  'POST /api/template-repositories': { body: AddTemplateRepositoryRequest, ok: [201, TemplateRepository] },
  'DELETE /api/template-repositories/{id}': { ok: none },
  'GET /api/template-repositories/{id}/templates': { ok: [200, Type.Array(RepositoryTemplate)] },
  'POST /api/template-repositories/{id}/import/{name}': { ok: none },
  'POST /api/templates/import': { ok: [200, ImportableTemplates] },
  'POST /api/templates/import/{name}': { ok: none },
  [`GET ${server}`]: { ok: [200, ServerDefinition] },
  [`POST ${server}`]: { body: DefinitionBody, ok: none },
  [`GET ${server}/definition`]: { ok: [200, ServerDefinition] },
  [`POST ${server}/definition`]: { body: DefinitionBody, ok: none },
  [`GET ${server}/data`]: { ok: [200, ServerDataResponse] },
  [`POST ${server}/data`]: { body: ServerDataRequest, ok: none },
  [`GET ${server}/status`]: { ok: [200, ServerStatus] },
  [`GET ${server}/stats`]: { ok: [200, ServerStats] },
  [`GET ${server}/flags`]: { ok: [200, ServerFlags] },
  [`POST ${server}/flags`]: { body: ServerFlagsRequest, ok: none },
  [`GET ${server}/query`]: { ok: none },
  [`GET ${server}/console`]: { ok: [200, ConsoleReplay] },
  [`POST ${server}/console`]: { body: ConsoleCommandRequest, ok: none },
  ...Object.fromEntries(POWER_ACTIONS.map((action) => [`POST ${server}/${action}`, { ok: none }])),
  [`POST ${server}/reload`]: { ok: none },
  [`GET ${server}/file/{*}`]: { ok: [200, FileEntries] },
  [`PUT ${server}/file/{*}`]: { ok: none },
  [`DELETE ${server}/file/{*}`]: { ok: none },
  [`POST ${server}/files/move`]: { body: FileMoveRequest, ok: none },
  [`POST ${server}/files/copy`]: { body: FileMoveRequest, ok: none },
  [`POST ${server}/archive/{*}`]: { body: ArchiveRequest, ok: none },
  [`GET ${server}/extract/{*}`]: { ok: none },
  [`GET ${server}/tasks`]: { ok: [200, TaskList] },
  [`POST ${server}/tasks`]: { body: TaskBody, ok: [200, TaskCreated] },
  [`PUT ${server}/tasks/{taskId}`]: { body: TaskBody, ok: none },
  [`DELETE ${server}/tasks/{taskId}`]: { ok: none },
  [`POST ${server}/tasks/{taskId}/run`]: { ok: none },
  [`GET ${server}/backups`]: { ok: [200, BackupList] },
  [`POST ${server}/backups`]: { ok: [200, BackupCreated] },
  [`GET ${server}/backups/policy`]: { ok: [200, BackupPolicy] },
  [`PUT ${server}/backups/policy`]: { body: BackupPolicy, ok: none },
  [`GET ${server}/backups/{backupId}/files`]: { ok: [200, FileEntries] },
  [`GET ${server}/backups/{backupId}/download`]: { ok: [200, Type.String()] },
  [`POST ${server}/backups/{backupId}/restore`]: { ok: none },
  [`PUT ${server}/backups/{backupId}`]: { body: BackupEditRequest, ok: none },
  [`DELETE ${server}/backups/{backupId}`]: { ok: none },
};
// PufferPanel 3's path of every call on a server but the definition at the bare server path
// (GET /api/servers/{id} is the server itself): the same body and answers.
for (const [key, call] of Object.entries(calls)) {
  if (key.includes(`${server}/`)) calls[key.replace(server, '/api/servers/{id}')] = call;
}
// Webhooks (issue 31): the panel's own, and each server's under its path.
for (const [base, one] of [['/api/webhooks', '/api/webhooks/{id}'], ['/api/servers/{id}/webhooks', '/api/servers/{id}/webhooks/{hook}']]) {
  calls[`GET ${base}`] = { ok: [200, Type.Array(Webhook)] };
  calls[`POST ${base}`] = { body: WebhookRequest, ok: [201, CreatedWebhook] };
  calls[`GET ${one}`] = { ok: [200, Webhook] };
  calls[`PUT ${one}`] = { body: WebhookRequest, ok: [200, Webhook] };
  calls[`DELETE ${one}`] = { ok: none };
  calls[`GET ${one}/deliveries`] = { ok: [200, WebhookDeliveryList] };
  calls[`POST ${one}/test`] = { ok: [202, WebhookTestAnswer] };
}
// OpenID Connect sign-in (issue 33): the login page's part, the providers in Settings, the account's links.
Object.assign(calls, {
  'GET /auth/oidc/providers': { ok: [200, Type.Array(OidcPublicProvider)] },
  'GET /auth/oidc/{id}/start': { ok: [302, null] },
  'GET /auth/oidc/{id}/callback': { ok: [302, null] },
  'GET /auth/oidc/link': { ok: [200, PendingOidcLink] },
  'POST /auth/oidc/link': { body: OidcLinkRequest, ok: [200, SessionResponse] },
  'GET /api/oidc/providers': { ok: [200, Type.Array(OidcProvider)] },
  'POST /api/oidc/providers': { body: OidcProviderRequest, ok: [201, OidcProvider] },
  'GET /api/oidc/providers/{id}': { ok: [200, OidcProvider] },
  'PUT /api/oidc/providers/{id}': { body: OidcProviderRequest, ok: [200, OidcProvider] },
  'DELETE /api/oidc/providers/{id}': { ok: none },
  'GET /api/self/oidc': { ok: [200, SignInMethods] },
  'DELETE /api/self/oidc/{id}': { ok: none },
} satisfies Record<string, Call>);

/**
 * A schema's outline: its type and every property path in it (`server.node.sftpPort`,
 * `servers[].id`, `data.*.type`). The document says some things in OpenAPI 3.0's words
 * (nullable for a union with null), so outlines are compared, not the schemas' text.
 */
function outline(schema: unknown): { type: unknown; paths: string[] } {
  const paths = new Set<string>();
  const walk = (node: unknown, at: string) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[]; additionalProperties?: unknown };
    for (const [key, part] of Object.entries(n.properties ?? {})) {
      paths.add(`${at}${key}`);
      walk(part, `${at}${key}.`);
    }
    if (n.items) walk(n.items, `${at.replace(/\.$/, '')}[].`);
    for (const branch of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])]) walk(branch, at);
    if (typeof n.additionalProperties === 'object') walk(n.additionalProperties, `${at}*.`);
  };
  walk(JSON.parse(JSON.stringify(schema)), '');
  return { type: (schema as { type?: unknown }).type, paths: [...paths].sort() };
}

type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: Map<string, Operation>;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    operations = new Map(Object.entries(paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const)));
  });
  afterAll(() => t.close());

  it('lists every route the panel serves, and nothing else', () => {
    const served = t.app.routeScopes
      // WebSockets (the live server list) are no OpenAPI operations; their own tests cover them.
      .filter(({ method, url, websocket }) => method !== 'HEAD' && !websocket && /^\/(api|auth|theme|proxy\/daemon\/server)\/|^\/metrics$/.test(url))
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`);
    // The OAuth2 token endpoint speaks forms and RFC 6749's errors: routes/oauth2/oauth2.test.ts checks its entry.
    const documented = [...operations.keys()].filter((key) => key !== 'POST /oauth2/token');
    expect(documented.sort()).toEqual([...new Set(served)].sort());
    expect(documented.sort()).toEqual(Object.keys(calls).sort());
  });

  it('outlines deeply enough to tell one shape from another', () => {
    expect(outline(ServerDefinition).paths).toEqual(expect.arrayContaining(['run.command', 'install[].type', 'data.*.options[].value', 'environment.portBindings']));
    expect(outline(ServerDetailResponse).paths).toContain('permissions.viewServerConsole');
  });

  it.each(Object.entries(calls))('documents %s with its body and answers from the shared contract', (key, call) => {
    const op = operations.get(key)!;
    if (call.body) {
      expect(op.requestBody?.content['application/json']?.schema).toBeDefined();
      expect(outline(op.requestBody!.content['application/json']!.schema)).toEqual(outline(call.body));
    }
    else expect(op.requestBody).toBeUndefined();
    const [status, schema] = call.ok;
    const answer = op.responses[String(status)];
    expect(answer).toBeDefined();
    if (schema) {
      expect(answer!.content?.['application/json']?.schema).toBeDefined();
      expect(outline(answer!.content!['application/json']!.schema)).toEqual(outline(schema));
    }
    for (const errors of ['4XX', '5XX']) expect(outline(op.responses[errors]?.content?.['application/json']?.schema)).toEqual(outline(ErrorBody));
  });
});
