/**
 * The back office's one transport: typed calls of the contract's admin endpoints, same-origin with the
 * operator's HttpOnly session cookie and the CSRF header the server requires on every POST. It never throws:
 * a call answers the envelope's data, or the failure's code, message and HTTP status.
 */
import { OPERATOR_BACKGROUND_HEADER, OPERATOR_CSRF_HEADER } from '../core/contract/backoffice';
import {
  fillPath,
  pathParams,
  SERVICE_ROOT,
  type DataOf,
  type Endpoint,
  type InputOf,
} from '../core/contract/endpoint';

export type Outcome<T> = { ok: true; data: T } | { ok: false; code: number; msg: string; status: number };

/** `code` of a call that never got an envelope (network down, HTML error page). */
export const NO_ANSWER = -1;

/** A typed call of an admin endpoint: what it takes and answers come from its declaration. */
/** How a call is made: `background` when the page makes it by itself, not at the operator's hand. */
export interface CallOptions {
  background?: boolean;
}

export type Call = <E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options?: CallOptions,
) => Promise<Outcome<DataOf<E>>>;

type Input = Record<string, unknown>;

const methodOf = (endpoint: Pick<Endpoint, 'methods'>) => endpoint.methods[0] ?? 'POST';

/** The path (with its query for a GET) of a call. */
export function urlOf(endpoint: Pick<Endpoint, 'service' | 'path' | 'methods'>, input: Input = {}): string {
  const path = `${SERVICE_ROOT[endpoint.service]}/${fillPath(endpoint.path, input)}`;
  if (methodOf(endpoint) === 'POST') return path;
  const names = new Set(pathParams(endpoint.path));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (!names.has(name) && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The request of a call: a GET reads its input from the query, a POST sends the rest of it as JSON. */
function requestOf(endpoint: Endpoint, input: Input, options: CallOptions = {}): RequestInit {
  const method = methodOf(endpoint);
  const headers: Record<string, string> = { accept: 'application/json' };
  // Not the operator's doing: the server admits it but does not count it as activity (SEC13).
  if (options.background) headers[OPERATOR_BACKGROUND_HEADER] = '1';
  if (method !== 'POST') return { method, credentials: 'same-origin', headers };
  const names = new Set(pathParams(endpoint.path));
  const body = JSON.stringify(Object.fromEntries(Object.entries(input).filter(([name]) => !names.has(name))));
  // The session cookie is SameSite=Strict; the header is what a cross-site form cannot send.
  return {
    method,
    credentials: 'same-origin',
    headers: { ...headers, 'content-type': 'application/json', [OPERATOR_CSRF_HEADER]: '1' },
    body,
  };
}

/** The outcome of an answer: its envelope's data, or the failure it names. */
async function outcomeOf<T>(response: Response): Promise<Outcome<T>> {
  const envelope = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  if (!envelope || typeof envelope.code !== 'number') {
    return { ok: false, code: NO_ANSWER, msg: '', status: response.status };
  }
  if (envelope.code !== 0) {
    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    return { ok: false, code: envelope.code, msg, status: response.status };
  }
  // The server writes its answer through the endpoint's data schema (its route's response schema).
  return { ok: true, data: envelope.data as T };
}

/** A typed caller over `fetchImpl` (the page's fetch, or a mock in tests). */
export function createTransport(fetchImpl: typeof fetch = (...args) => fetch(...args)): Call {
  return async <E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    options?: CallOptions,
  ): Promise<Outcome<DataOf<E>>> => {
    const values = (input ?? {}) as Input;
    let response: Response;
    try {
      response = await fetchImpl(urlOf(endpoint, values), requestOf(endpoint, values, options));
    } catch {
      return { ok: false, code: NO_ANSWER, msg: '', status: 0 };
    }
    return outcomeOf<DataOf<E>>(response);
  };
}
