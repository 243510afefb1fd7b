/**
 * The back office's client of the admin API: same-origin calls that carry the operator's HttpOnly session
 * cookie, with the CSRF header on every POST. Answers the envelope's data, or the failure's code and message.
 */
import { OPERATOR_CSRF_HEADER } from '../core/contract/backoffice';
import { fillPath, pathParams, SERVICE_ROOT, type Service } from '../core/contract/endpoint';

/** What a call needs of an endpoint declaration (paths of other branches are declared the same way). */
export interface Target {
  service: Service;
  path: string;
  methods: readonly ('GET' | 'POST')[];
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; code: number; msg: string; status: number };

/** `code` of a call that never got an envelope (network down, HTML error page). */
export const NO_ANSWER = -1;

export type Call = <T>(target: Target, input?: Record<string, unknown>) => Promise<Outcome<T>>;

/** The path (with its query for a GET) of a call. */
export function urlOf(target: Target, input: Record<string, unknown> = {}): string {
  const path = `${SERVICE_ROOT[target.service]}/${fillPath(target.path, input)}`;
  if ((target.methods[0] ?? 'POST') === 'POST') return path;
  const names = new Set(pathParams(target.path));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (!names.has(name) && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A caller over `fetchImpl` (the page's fetch, or a mock in tests). */
export function createCall(fetchImpl: typeof fetch = (...args) => fetch(...args)): Call {
  return async <T>(target: Target, input: Record<string, unknown> = {}): Promise<Outcome<T>> => {
    const method = target.methods[0] ?? 'POST';
    const names = new Set(pathParams(target.path));
    const body =
      method === 'POST'
        ? JSON.stringify(Object.fromEntries(Object.entries(input).filter(([name]) => !names.has(name))))
        : undefined;
    let response: Response;
    try {
      response = await fetchImpl(urlOf(target, input), {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json', [OPERATOR_CSRF_HEADER]: '1' }),
        },
        body,
      });
    } catch {
      return { ok: false, code: NO_ANSWER, msg: '', status: 0 };
    }
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
    return { ok: true, data: envelope.data as T };
  };
}
