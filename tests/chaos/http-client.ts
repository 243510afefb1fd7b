/**
 * The chaos clients' HTTP: one request per connection (`agent: false` sends `Connection: close`), so the fault
 * proxy sees each request on a connection of its own. A network failure (reset, refused, cut, timeout)
 * rejects with `NetworkError`: the caller does not know whether the server acted.
 */
import { request as httpRequest } from 'node:http';

export class NetworkError extends Error {
  override name = 'NetworkError';
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** A request without an answer after this long is taken as lost. */
  timeoutMs?: number;
}

export function send(baseUrl: string, call: HttpCall): Promise<HttpAnswer> {
  const url = new URL(call.path, baseUrl);
  const body = call.body === undefined ? undefined : Buffer.from(call.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: `${url.pathname}${url.search}`,
        agent: false,
        headers: {
          ...(call.headers ?? {}),
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        timeout: call.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) => reject(new NetworkError(error.message)));
        res.on('aborted', () => reject(new NetworkError('answer aborted')));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => reject(new NetworkError(error.message)));
    req.end(body);
  });
}
