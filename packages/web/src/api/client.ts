import { errorCodeOf, isErrorBody } from '@outpost/shared';
import { sessionStore } from '../session/sessionStore';
import { ApiError } from './ApiError';
import { maskSecrets } from './maskSecrets';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Calls whose 401 means "wrong credentials or code", not "your session ended".
const credentialCalls = ['/auth/login', '/auth/register', '/auth/otp'];

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The session layer registers here to log out when any other call answers 401. */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

/** How a call is sent and read; by default a JSON body goes and a JSON answer comes back parsed. */
interface RequestOptions {
  /** The body: JSON-encoded, or with `raw` sent as it is (a FormData, a Blob, text). */
  body?: unknown;
  /** Answers with the Response unread (bytes, headers), for files and other non-JSON answers. */
  raw?: boolean;
  /** Sends through XMLHttpRequest, which reports upload progress (fetch cannot): a fraction from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
}

/**
 * The one HTTP client of the app: JSON calls, raw bytes and uploads with progress all fail the
 * same way (one ApiError, decoded here) and all sign the user out on a 401. The session travels
 * in the HttpOnly `outpost_session` cookie, so every call sends same-origin credentials and no
 * token is ever readable by scripts.
 */
export function request(method: Method, url: string, options: RequestOptions & { raw: true }): Promise<Response>;
export function request<T>(method: Method, url: string, options?: RequestOptions): Promise<T>;
export async function request<T>(method: Method, url: string, { body, raw = false, onUploadProgress }: RequestOptions = {}): Promise<T | Response> {
  const init: RequestInit = { method, credentials: 'same-origin' };
  if (!raw) init.headers = body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (body !== undefined) init.body = raw ? (body as BodyInit) : JSON.stringify(body);
  // A file's bytes stay out of the error report; a JSON body goes in with its secrets masked.
  const requestBody = raw ? undefined : maskSecrets(body);

  let response: Response;
  try {
    // The progress sender loads with the first upload: the first screen never needs it.
    response = onUploadProgress ? await (await import('./sendWithProgress')).sendWithProgress(url, init, onUploadProgress) : await fetch(url, init);
  } catch (cause) {
    // Network failure: no answer at all; status 0 tells the screens to show the generic message.
    throw new ApiError({ method, url, requestBody, status: 0, statusText: String(cause) });
  }
  if (raw && response.ok) return response;

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (response.ok) return parsed as T;

  const report = { method, url, requestBody, status: response.status, statusText: response.statusText, responseBody: maskSecrets(parsed) };
  const error = isErrorBody(parsed)
    ? new ApiError(report, errorCodeOf(parsed), parsed.error.msg, parsed.error.metadata)
    : new ApiError(report);
  if (response.status === 401 && !credentialCalls.some((path) => url.startsWith(path))) onUnauthorized();
  // The panel now requires two-factor login of this user (set since sign-in): only its set-up shows.
  if (error.code === 'ErrTwoFactorRequired' && sessionStore.isLoggedIn()) sessionStore.setTwoFactorRequired(true);
  throw error;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, { body: body ?? {} }),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, { body: body ?? {} }),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
