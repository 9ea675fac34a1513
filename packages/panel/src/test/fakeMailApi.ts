import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeMailApi {
  url: string;
  requests: ApiRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a mail provider's API, which tests cannot reach: it keeps
 * each request and answers what `answer` returns, the shapes the provider documents.
 */
export async function startFakeMailApi(answer: (request: ApiRequest) => { status: number; body: unknown }): Promise<FakeMailApi> {
  const requests: ApiRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The user and password of a basic authorization header. */
export function basicAuth(headers: IncomingHttpHeaders): string {
  const value = headers.authorization ?? '';
  return value.startsWith('Basic ') ? Buffer.from(value.slice(6), 'base64').toString('utf8') : '';
}
