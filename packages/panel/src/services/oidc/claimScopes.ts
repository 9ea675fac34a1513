import type { OidcClaimMapping, Scope } from '@outpost/shared';

/** The scopes a claim's values grant under a mapping; a claim holding a list matches each item. */
export function claimScopes(mapping: OidcClaimMapping | null, claims: Record<string, unknown>): Scope[] {
  if (!mapping) return [];
  const value = claims[mapping.claim];
  const values = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  const granted = new Set<Scope>();
  for (const item of values) {
    if (!Object.hasOwn(mapping.values, item)) continue;
    for (const scope of mapping.values[item]) granted.add(scope as Scope);
  }
  return [...granted];
}

/** Every scope the mapping can grant: what a sign-in re-syncs, leaving scopes granted by hand alone. */
export function mappedScopes(mapping: OidcClaimMapping | null): Set<string> {
  return new Set(mapping ? Object.values(mapping.values).flat() : []);
}
