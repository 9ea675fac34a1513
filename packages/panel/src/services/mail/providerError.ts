/** The provider's own words from a failed HTTP answer: a JSON message field if there is one, else the text. */
export async function providerError(provider: string, res: Response): Promise<Error> {
  const text = (await res.text().catch(() => '')).slice(0, 1000);
  let message = text.trim();
  try {
    const body = JSON.parse(text) as { message?: string; ErrorMessage?: string; Messages?: { Errors?: { ErrorMessage?: string }[] }[] };
    message = body.message ?? body.ErrorMessage ?? body.Messages?.[0]?.Errors?.[0]?.ErrorMessage ?? message;
  } catch {
    // Not JSON: the text as it came.
  }
  return new Error(`${provider} answered ${res.status}${message ? `: ${message}` : ''}`);
}
