import { Type } from 'typebox';
import { responses } from '@outpost/shared';

export const metricsSchema = {
  summary:
    "Prometheus metrics (metrics.view), in Prometheus' text format: each server's outpost_server_up, _cpu_percent, _memory_bytes, _disk_bytes and _players (labels server, name, node: the node's id), outpost_node_up (node, name), the panel's outpost_http_requests_total and outpost_http_request_duration_seconds (by route pattern), outpost_open_sockets, outpost_sftp_sessions (node) and its process's outpost_process_* and outpost_nodejs_* metrics",
  tags: ['metrics'],
  response: responses({ 200: Type.String({ description: 'text/plain; version=0.0.4' }) }),
};
