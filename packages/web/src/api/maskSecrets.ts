const secretKeys = /password|secret|token|session/i;

/** A copy of a JSON value with every password-like field replaced by ********, for error reports. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secretKeys.test(key) && inner !== '' ? '********' : maskSecrets(inner)]),
    );
  }
  return value;
}
