// Timed HTTP transfers for the file benchmarks: a download read and dropped, an upload streamed
// from a file (raw for WebDAV PUT, or wrapped in multipart/form-data like a browser's form).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';

const agent = new http.Agent({ keepAlive: false });

/** GETs `url`, counting and dropping the bytes; answers MB/s (checks the length). */
export function download(url, { headers = {}, size }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${url}: ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => {
          if (size !== undefined && bytes !== size) return reject(new Error(`GET ${url}: ${bytes} bytes, expected ${size}`));
          resolve(bytes / 1e6 / ((performance.now() - started) / 1000));
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Streams `file` to `url` with `method`; with `field`, as one multipart/form-data file part. Answers MB/s. */
export async function upload(url, file, { method = 'PUT', headers = {}, field } = {}) {
  const { size } = await stat(file);
  const boundary = '----outpostbench' + Math.random().toString(16).slice(2);
  const head = field ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`) : Buffer.alloc(0);
  const tail = field ? Buffer.from(`\r\n--${boundary}--\r\n`) : Buffer.alloc(0);
  const type = field ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream';
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method, agent, headers: { ...headers, 'content-type': type, 'content-length': head.length + size + tail.length } }, (response) => {
      let text = '';
      response.on('data', (c) => (text += c));
      response.on('end', () => {
        if (response.statusCode >= 300) return reject(new Error(`${method} ${url}: ${response.statusCode} ${text}`));
        resolve(size / 1e6 / ((performance.now() - started) / 1000));
      });
    });
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(file, { highWaterMark: 1 << 20 });
    source.on('error', reject);
    source.pipe(request, { end: false });
    source.on('end', () => request.end(tail));
  });
}
