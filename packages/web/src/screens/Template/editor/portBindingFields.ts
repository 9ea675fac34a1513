import { DEFAULT_PORT_HOST, DEFAULT_PORT_PROTOCOL, parsePortBinding, type PortBinding } from '@outpost/shared';

/** A port binding as its form holds it: a port may be empty while it is being typed. */
export interface PortFields {
  host: string;
  outsidePort: number | '';
  insidePort: number | '';
  protocol: PortBinding['protocol'];
}

/** A new binding: the spec's default host and protocol, ports still to fill in. */
export const newPortBinding = `${DEFAULT_PORT_HOST}::/${DEFAULT_PORT_PROTOCOL}`;

/** The form's fields of a stored binding (the new one included), or null when the text does not read as one. */
export function portFieldsOf(text: string): PortFields | null {
  if (text === newPortBinding) return { host: DEFAULT_PORT_HOST, outsidePort: '', insidePort: '', protocol: DEFAULT_PORT_PROTOCOL };
  return parsePortBinding(text) ?? null;
}

/** The stored text of the fields; one that does not read back (an empty port) is what the validation refuses. */
export const portBindingText = ({ host, outsidePort, insidePort, protocol }: PortFields) => `${host}:${outsidePort}:${insidePort}/${protocol}`;
