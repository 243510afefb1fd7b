/**
 * The HTTP client every widget uses (spec §7): POST JSON to the service bases of the runtime config,
 * bearer token only on protected paths, timeout + 0.7 s abort, envelope and code handling. It never throws
 * for a server or network failure: callers branch on `result.ok`.
 */
import { Code } from '../contract/codes';
import { fillPath, type DataOf, type Endpoint, type InputOf } from '../contract/endpoint';
import type { RuntimeConfig } from '../contract/types';
import type { ApiClient, CallOptions, CallResult, Service } from '../runtime/types';
import { clientFailure, envelopeResult, noSession, readEnvelope } from './response';
import type { CallFailure, Translate } from './response';

/** Extra time after the per-call timeout before the request is aborted (spec §7/§9). */
export const ABORT_GRACE_MS = 700;
/** Longest wait for the code messages before an error is shown with the server's own message. */
export const CODE_MESSAGES_WAIT_MS = 3000;

/** What createApiClient needs; everything the page owns (token, redirect) comes in as a function. */
export interface ApiClientOptions {
  /** Service bases of the loaded runtime config; null while it is not loaded. */
  services: () => RuntimeConfig['services'] | null;
  /** Settles when the config has loaded (or failed); calls made before that wait for it. */
  servicesReady?: Promise<unknown>;
  getToken?: () => string | null;
  /** Brand id for servers hosting several brands, sent as the `x-tk-brand` header. */
  brand?: () => string | null;
  translate: Translate;
  /**
   * Loads the server-code messages (i18n `code.<n>`, kept out of the first load) into `translate`; awaited
   * before a nonzero code becomes text. When it fails or is slow, the server's own message is shown.
   */
  loadCodeMessages?: () => Promise<unknown>;
  fetchImpl?: typeof fetch;
  /** Default timeout in seconds (config `fetchTimeout`; 0 or absent: none). */
  defaultTimeoutSec?: () => number;
  /** 401 on a protected path, or code 23519, unless the call set `noAuthRedirect`: go to /login. */
  onUnauthorized?: (token: string | null) => void;
  /** 401 on a protected path, or code 23519, for every call: the session sent as `token` is no longer valid. */
  onRejected?: (token: string | null) => void;
  /** Awaited before a protected call reads the token, so an expiring token can be refreshed first. */
  beforeProtectedCall?: () => Promise<void>;
}

type Services = RuntimeConfig['services'];
type ErrorListener = (message: string, result: CallFailure) => void;

/** True when a call sends the bearer token: every endpoint but the public ones. */
export function isProtected(endpoint: Pick<Endpoint, 'access'>): boolean {
  return endpoint.access !== 'public';
}

/** `{base}/{path}` with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function queryString(path: string, payload: Record<string, unknown>): string {
  const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (!inPath.has(key) && value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** A multipart form of the input: Blobs as files, objects as JSON text, the rest as text. */
export function formDataOf(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** A fresh `Idempotency-Key` (random, 32 hex digits). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Create the page's API client. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const t = options.translate;
  const listeners = new Set<ErrorListener>();
  const fetchImpl: typeof fetch = (...args) => (options.fetchImpl ?? globalThis.fetch)(...args);

  function fail(result: CallFailure, callOptions: CallOptions): CallFailure {
    if (!callOptions.silent) {
      for (const listener of [...listeners]) {
        try {
          listener(result.message, result);
        } catch (error) {
          console.error('[tradekit] api error listener failed', error);
        }
      }
    }
    return result;
  }

  /** Resolves once the code messages are there, have failed, or took longer than CODE_MESSAGES_WAIT_MS. */
  async function codeMessagesReady(): Promise<void> {
    if (!options.loadCodeMessages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<void>((resolve) => (timer = setTimeout(resolve, CODE_MESSAGES_WAIT_MS)));
    try {
      const load = Promise.resolve().then(options.loadCodeMessages);
      await Promise.race([load.catch(() => undefined), slow]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function servicesOrWait(): Promise<Services | null> {
    const now = options.services();
    if (now || !options.servicesReady) return now;
    await options.servicesReady.catch(() => undefined);
    return options.services();
  }

  async function call<E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<DataOf<E>>> {
    type T = DataOf<E>;
    const payload = (input ?? {}) as Record<string, unknown>;
    const isProtected = endpoint.access !== 'public';
    // The session the call is made for: if it ends while the call waits (config, refresh), nothing is sent.
    const startToken = isProtected ? (options.getToken?.() ?? null) : null;
    const services = await servicesOrWait();
    if (!services) return fail({ ok: false, code: 'network', message: t('app.config_missing') }, callOptions);
    if (endpoint.service === 'admin' || endpoint.service === 'site') {
      throw new Error(`${endpoint.service} endpoints are not called through the API client`);
    }
    const service: Service = endpoint.service;
    const path = callOptions.mock && endpoint.mockPath ? endpoint.mockPath : endpoint.path;
    const method = callOptions.method ?? endpoint.methods[0] ?? 'POST';
    const headers: Record<string, string> = { accept: 'application/json' };
    const multipart = endpoint.contentType === 'multipart/form-data';
    // A multipart body sets its own content type (with the boundary).
    if (method === 'POST' && !multipart) headers['content-type'] = 'application/json';
    if (isProtected) await options.beforeProtectedCall?.().catch(() => undefined);
    const token = isProtected ? (options.getToken?.() ?? null) : null;
    // Signed out meanwhile: the answer (401) could only speak for a session the trader already ended, and it
    // must not send the page to sign in; the caller gets "login required" as the server would have said it.
    if (startToken !== null && token === null) {
      await codeMessagesReady();
      return noSession(t);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const brand = options.brand?.();
    if (brand) headers['x-tk-brand'] = brand;
    if (endpoint.idempotent) headers['idempotency-key'] = callOptions.idempotencyKey ?? newIdempotencyKey();
    let url = joinUrl(services[service], fillPath(path, payload));
    if (method === 'GET') url += queryString(path, payload);

    const timeoutSec = callOptions.timeoutSec ?? options.defaultTimeoutSec?.() ?? 0;
    const controller = new AbortController();
    const timer =
      timeoutSec > 0 ? setTimeout(() => controller.abort(), timeoutSec * 1000 + ABORT_GRACE_MS) : undefined;
    const redirect = () => {
      options.onRejected?.(token);
      if (!callOptions.noAuthRedirect) options.onUnauthorized?.(token);
    };

    try {
      const init: RequestInit = { method, headers, signal: controller.signal };
      if (endpoint.credentials) init.credentials = 'include';
      if (method === 'POST') init.body = multipart ? formDataOf(payload) : JSON.stringify(payload);
      const response = await fetchImpl(url, init);
      if (response.status !== 200) {
        if (response.status === 401 && isProtected) redirect();
        return fail(clientFailure('http', t), callOptions);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return fail(clientFailure(controller.signal.aborted ? 'timeout' : 'malformed', t), callOptions);
      }
      const envelope = readEnvelope(body);
      if (!envelope) return fail(clientFailure('malformed', t), callOptions);
      if (envelope.code !== Code.OK) await codeMessagesReady();
      const result = envelopeResult<T>(envelope, t);
      if (result.ok) return result;
      if (result.code === Code.LOGIN_REQUIRED) redirect();
      return fail(result, callOptions);
    } catch {
      return fail(clientFailure(controller.signal.aborted ? 'timeout' : 'network', t), callOptions);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    call,
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
