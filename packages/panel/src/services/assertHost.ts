import { isIP } from 'node:net';
import { OutpostError } from '@outpost/shared';

const hostname = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Throws ErrFieldIsInvalidHost unless the value is an IP address or a host name. */
export function assertHost(value: string, field: string): void {
  if (isIP(value) === 0 && !hostname.test(value)) throw new OutpostError('ErrFieldIsInvalidHost', 'must be a valid IP or FQDN', { field });
}
