import type { NodeRequest, NodeView } from '@outpost/shared';

/** The node form as typed: ports may be blank or half-typed until submitted. */
export interface NodeFormInput {
  name: string;
  publicHost: string;
  publicPort: number | string;
  privateHost: string;
  privatePort: number | string;
  sftpPort: number | string;
}

export type NodeField = keyof NodeFormInput;
export type NodeProblem = 'required' | 'port';

export const blankNode: NodeFormInput = { name: '', publicHost: '', publicPort: 8443, privateHost: '', privatePort: '', sftpPort: 5657 };

const isPort = (value: number | string) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535;

/**
 * Checks the form the way the panel will (required fields, ports 1-65535) and builds the body.
 * The private address is optional (spec panel.md section 3): left blank, it is not sent, and the
 * panel uses the public one.
 */
export function checkNodeForm(input: NodeFormInput): { request?: NodeRequest; problems: Partial<Record<NodeField, NodeProblem>> } {
  const problems: Partial<Record<NodeField, NodeProblem>> = {};
  if (!input.name.trim()) problems.name = 'required';
  if (!input.publicHost.trim()) problems.publicHost = 'required';
  for (const field of ['publicPort', 'sftpPort'] as const) {
    if (input[field] === '') problems[field] = 'required';
    else if (!isPort(input[field])) problems[field] = 'port';
  }
  if (input.privatePort !== '' && !isPort(input.privatePort)) problems.privatePort = 'port';
  if (Object.keys(problems).length > 0) return { problems };
  const request: NodeRequest = {
    name: input.name.trim(),
    publicHost: input.publicHost.trim(),
    publicPort: Number(input.publicPort),
    sftpPort: Number(input.sftpPort),
  };
  if (input.privateHost.trim()) request.privateHost = input.privateHost.trim();
  if (input.privatePort !== '') request.privatePort = Number(input.privatePort);
  return { request, problems };
}

/** A node as the form shows it: a private address that only repeats the public port shows blank. */
export function nodeFormOf(node: NodeView): NodeFormInput {
  const noPrivate = node.privateHost === '' && node.privatePort === node.publicPort;
  return {
    name: node.name,
    publicHost: node.publicHost,
    publicPort: node.publicPort,
    privateHost: node.privateHost,
    privatePort: noPrivate ? '' : node.privatePort,
    sftpPort: node.sftpPort,
  };
}
