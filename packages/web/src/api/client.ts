import { errorCodeOf, isErrorBody } from '@outpost/shared';
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

/**
 * The one HTTP client of the app. The session travels in the HttpOnly `outpost_session` cookie,
 * so every call sends same-origin credentials and no token is ever readable by scripts.
 */
export async function request<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // Network failure: no answer at all; status 0 tells the screens to show the generic message.
    throw new ApiError({ method, url, requestBody: maskSecrets(body), status: 0, statusText: String(cause) });
  }

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

  const report = { method, url, requestBody: maskSecrets(body), status: response.status, statusText: response.statusText, responseBody: maskSecrets(parsed) };
  const error = isErrorBody(parsed)
    ? new ApiError(report, errorCodeOf(parsed), parsed.error.msg, parsed.error.metadata)
    : new ApiError(report);
  if (response.status === 401 && !credentialCalls.some((path) => url.startsWith(path))) onUnauthorized();
  throw error;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
