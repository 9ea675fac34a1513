// Statuses whose Response may carry no body.
const noBody = new Set([204, 205, 304]);

/**
 * fetch over XMLHttpRequest, the one browser API that reports upload progress: the answer comes
 * back as a Response, so `request` reads and decodes it as any other call's. `onProgress` gets a
 * fraction from 0 to 1, and 1 once the upload succeeded.
 */
export function sendWithProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) onProgress(1);
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve(new Response(noBody.has(xhr.status) ? null : (xhr.response as ArrayBuffer), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    // fetch's way of saying there was no answer at all.
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
