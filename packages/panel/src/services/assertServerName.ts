import { OutpostError, isValidServerName } from '@outpost/shared';

/** Throws the spec's field error for a server name: required, then no special characters. */
export function assertServerName(name: string | undefined): asserts name is string {
  if (!name || !name.trim()) throw new OutpostError('ErrFieldRequired', 'name is required', { field: 'name' });
  if (!isValidServerName(name)) throw new OutpostError('ErrFieldMustBePrintable', 'must be printable ascii', { field: 'name' });
}
