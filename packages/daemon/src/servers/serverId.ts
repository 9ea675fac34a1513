import { OutpostError } from '@outpost/shared';

const pattern = /^[0-9a-f]{8}$/;

/** Server ids are 8 lowercase hex characters (DESIGN.md), which also keeps them safe as file names. */
export function isServerId(value: string): boolean {
  return pattern.test(value);
}

export function assertServerId(value: string): void {
  if (!isServerId(value)) throw new OutpostError('ErrNotFound', `no server ${value}`, { id: value });
}
