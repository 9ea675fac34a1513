import { OutpostError } from './errors.js';

/** Spec panel.md section 9. */
export const MIN_USERNAME_LENGTH = 5;
export const MIN_PASSWORD_LENGTH = 8;

const usernamePattern = /^[A-Za-z0-9_-]+$/;
// Deliberately plain: one @, no spaces, a dot in the domain. Mail servers decide the rest.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// A server name may hold letters, digits, spaces, dot, underscore and hyphen; nothing that breaks a URL.
const serverNamePattern = /^[\p{L}\p{N} ._-]+$/u;

export function isValidUsername(value: string): boolean {
  return value.length >= MIN_USERNAME_LENGTH && usernamePattern.test(value);
}

export function isValidPassword(value: string): boolean {
  return value.length >= MIN_PASSWORD_LENGTH;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

export function isValidServerName(value: string): boolean {
  return value.trim().length > 0 && value.length <= 100 && serverNamePattern.test(value);
}

const ipv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** An IPv4 address in dotted decimal, or an IPv6 address (in brackets or not), as the browser and Node both read it. */
export function isIpAddress(value: string): boolean {
  if (ipv4Pattern.test(value)) return true;
  const bare = value.replace(/^\[(.*)\]$/, '$1');
  if (!bare.includes(':') || !/^[\d.:a-fA-F]+$/.test(bare)) return false;
  // The URL parser is the one IPv6 grammar both have; it refuses what is no address.
  try {
    return new URL(`http://[${bare}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** Variable and environment-variable names: not empty, no white space. */
export function isValidVariableName(value: string): boolean {
  return value.length > 0 && !/\s/.test(value);
}

/** Throws the spec's error for the first rule a username breaks. */
export function assertUsername(value: string | undefined): asserts value is string {
  if (!value) throw new OutpostError('ErrFieldRequired', 'username is required', { field: 'username' });
  if (!isValidUsername(value)) throw new OutpostError('ErrUsernameRequirements', 'username at least 5 characters, only alphanumerics, _ or -');
}

export function assertPassword(value: string | undefined, field = 'password'): asserts value is string {
  if (!value) throw new OutpostError('ErrFieldRequired', `${field} is required`, { field });
  if (!isValidPassword(value)) throw new OutpostError('ErrPasswordRequirements', 'Password must be at least 8 characters');
}

/**
 * Spec section 5, "must equal another field": `confirmField`, when the body holds it, must equal
 * `field`, else 400 ErrFieldNotEqual naming both. A body without it is not asked for one, as spec
 * clients send none.
 */
export function assertConfirmation(body: Record<string, unknown>, field: string, confirmField = 'confirmPassword'): void {
  const confirmation = body[confirmField];
  if (confirmation !== undefined && confirmation !== body[field]) {
    throw new OutpostError('ErrFieldNotEqual', `${confirmField} must equal ${field}`, { field: confirmField, field1: confirmField, field2: field });
  }
}

export function assertEmail(value: string | undefined): asserts value is string {
  if (!value) throw new OutpostError('ErrFieldRequired', 'email is required', { field: 'email' });
  if (!isEmail(value)) throw new OutpostError('ErrFieldNotEmail', 'not a valid email', { field: 'email' });
}
