import { OutpostError } from '@outpost/shared';

/** Throws 400 ErrFieldNotBetween (spec section 5: "between a minimum and maximum") unless min <= value <= max. */
export function assertBetween(value: number, min: number, max: number, field: string): void {
  if (!(value >= min && value <= max)) throw new OutpostError('ErrFieldNotBetween', `must be between ${min} and ${max}`, { field, min, max });
}
