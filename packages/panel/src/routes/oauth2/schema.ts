import {
  CreateOAuthClientRequest,
  CreatedOAuthClient,
  NoContent,
  OAuthClientList,
  SelfOAuthClientParams,
  ServerOAuthClientParams,
  ServerParams,
  TokenError,
  TokenRequest,
  TokenResponse,
  responses,
} from '@outpost/shared';

export const tokenSchema = {
  summary: 'OAuth2 client credentials grant: trade client_id and client_secret (form body or HTTP Basic) for a bearer token',
  description:
    'Send `application/x-www-form-urlencoded` with grant_type=client_credentials. The access token goes in `Authorization: Bearer` on every /api, /proxy and socket call, and holds the client\'s permissions: an account client its owner\'s, a server client its owner\'s on that one server only.',
  tags: ['oauth2'],
  consumes: ['application/x-www-form-urlencoded'],
  body: TokenRequest,
  // HTTP Basic, or the credentials in the body (no header at all).
  security: [{ clientBasic: [] }, {}] as Record<string, string[]>[],
  response: { 200: TokenResponse, '4xx': TokenError },
};

export const listSelfClientsSchema = {
  summary: "The account's OAuth2 clients (they act with all of the account's permissions)",
  tags: ['oauth2'],
  response: responses({ 200: OAuthClientList }),
};

export const createSelfClientSchema = {
  summary: 'Create an account OAuth2 client; the secret is in this answer only',
  tags: ['oauth2'],
  body: CreateOAuthClientRequest,
  response: responses({ 200: CreatedOAuthClient }),
};

export const deleteSelfClientSchema = {
  summary: 'Delete an account OAuth2 client; its tokens stop at once',
  tags: ['oauth2'],
  params: SelfOAuthClientParams,
  response: responses({ 204: NoContent }),
};

export const listServerClientsSchema = {
  summary: "The caller's OAuth2 clients on one server (they reach only this server, with the caller's permissions on it)",
  tags: ['oauth2'],
  params: ServerParams,
  response: responses({ 200: OAuthClientList }),
};

export const createServerClientSchema = {
  summary: 'Create an OAuth2 client for one server; the secret is in this answer only',
  tags: ['oauth2'],
  params: ServerParams,
  body: CreateOAuthClientRequest,
  response: responses({ 200: CreatedOAuthClient }),
};

export const deleteServerClientSchema = {
  summary: 'Delete an OAuth2 client of one server; its tokens stop at once',
  tags: ['oauth2'],
  params: ServerOAuthClientParams,
  response: responses({ 204: NoContent }),
};
