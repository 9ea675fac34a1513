import type { ServerSummary } from '@outpost/shared';
import type { ServerWithNode } from '../../db/servers.js';

/** A server row as the API shows it (apiServers.ts ServerSummary). */
export function presentServer(row: ServerWithNode): ServerSummary {
  return {
    id: row.id,
    name: row.name,
    ip: row.ip,
    port: row.port === null ? null : Number(row.port),
    type: row.type,
    node: { id: row.node_id, name: row.node_name, publicHost: row.node_public_host, sftpPort: Number(row.node_sftp_port) },
  };
}
