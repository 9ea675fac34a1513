import { LIMIT_NAMES, type LimitName, type ServerLimits } from '@outpost/shared';

/** The limits with `name` set to what a number box holds: empty, 0 or not a whole number leaves it out (unlimited). */
export function withLimit(limits: ServerLimits, name: LimitName, value: string | number): ServerLimits {
  const { [name]: _old, ...rest } = limits;
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(number) && number > 0 ? { ...rest, [name]: number } : rest;
}

/** Only the limits that limit: absent and 0 both mean unlimited, so a definition keeps neither. */
export function limitsSet(limits: ServerLimits | undefined): ServerLimits {
  return Object.fromEntries(LIMIT_NAMES.filter((name) => (limits?.[name] ?? 0) > 0).map((name) => [name, limits![name]]));
}

/** True when both say the same limits. */
export function sameLimits(a: ServerLimits | undefined, b: ServerLimits | undefined): boolean {
  const [x, y] = [limitsSet(a), limitsSet(b)];
  return LIMIT_NAMES.every((name) => x[name] === y[name]);
}
