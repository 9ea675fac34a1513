/**
 * Where the panel serves the calls on one server: the spec's /proxy/daemon/server/{id}/... and
 * PufferPanel 3's /api/servers/{id}/... (its own clients and the Home Assistant integration call
 * those), each path registered from the same handler, so both get the same checks and answers.
 * None of PufferPanel 3's names below the server meets a route of /api/servers/{id} (name, user,
 * oauth2), and the definition at the bare server path stays a /proxy one: GET /api/servers/{id}
 * is the server itself.
 */
const SERVER_BASES = ['/proxy/daemon/server/:id', '/api/servers/:id'] as const;

/** Each path a call is served at, from its path below the server (`/status`, `/file/*`). */
export function serverPaths(below: string): string[] {
  return SERVER_BASES.map((base) => `${base}${below}`);
}
