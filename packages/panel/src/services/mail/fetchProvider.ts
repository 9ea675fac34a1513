import { PROVIDER_TIMEOUT_MS } from './MailMessage.js';

/**
 * fetch for a provider's API, with the time limit every provider gets; a connection that fails
 * names the provider and the reason (ECONNREFUSED, a timeout), where fetch says only "fetch failed".
 */
export async function fetchProvider(provider: string, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`${provider} could not be reached at ${url.origin}: ${reason}`, { cause: error });
  }
}
