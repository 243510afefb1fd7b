/**
 * An endpoint of the platform, declared once as data (STYLE.md "one contract per slice"): where it lives,
 * who may call it, what it takes and answers, and which catalogue codes it may answer. The server registers
 * its route from the declaration (`server/src/http/route.ts`), the browser calls it through
 * `api.call(endpoint, input)`, and `docs/openapi.json` is generated from the same objects.
 */
import type { Static, TSchema } from './schema';

/**
 * Which root an endpoint lives under: `{api}` = `/v1`, `{market}` = `/market`, `{exchange}` = `/exchange`,
 * `admin` = `/admin/v1` (operators and automation, never a browser widget), `site` = the origin itself
 * (`/config.json`, pages and files that are not envelope JSON).
 */
export type Service = 'api' | 'market' | 'exchange' | 'admin' | 'site';

/**
 * Who may call it: `public` anyone (`/v1/wa-na/…`, market data); `protected` a signed-in user with a bearer
 * token (`/v1/waa/…`); `exchange` a signed-in user on the exchange service (bearer token, or `token` in the
 * body as spec §7 sends it); `admin` the admin token, or a back-office operator session whose roles the endpoint
 * lists in `roles`.
 */
export type Access = 'public' | 'protected' | 'exchange' | 'admin';

export type Method = 'POST' | 'GET';

/** Root of each service on the reference server (clients read the bases from `/config.json`). */
export const SERVICE_ROOT: Record<Service, string> = {
  api: '/v1',
  market: '/market',
  exchange: '/exchange',
  admin: '/admin/v1',
  site: '',
};

export interface EndpointSpec<I extends TSchema, D extends TSchema> {
  service: Service;
  /** Path under the service root in the spec's §7 spelling; `{name}` segments are filled from the input. */
  path: string;
  /** The demo-account variant (spec §6: "Mock" calls act on the demo account). */
  mockPath?: string;
  access: Access;
  /** POST always comes first; with 'GET' the same route answers GET, reading the input from the query. */
  methods?: readonly Method[];
  summary: string;
  /** Object schema of the input (body of a POST, query of a GET, plus the `{name}` path segments). */
  input: I;
  /** Schema of `data` of a successful answer. */
  data: D;
  /** Extra top-level fields of the envelope (spec §7: token, uuid). */
  extra?: Record<string, TSchema>;
  /** Catalogue codes this endpoint may answer besides 0 (documentation and fuzzing; see codes.ts). */
  codes: readonly number[];
  /** OpenAPI tag (the feature); defaults to the service. */
  tag?: string;
  /** How the input travels on POST: JSON (default) or a multipart form (files: `T.Unsafe` binary fields). */
  contentType?: 'application/json' | 'multipart/form-data';
  /**
   * A money submit (deposit, withdrawal, transfer): the client sends an `Idempotency-Key` header, one per
   * submission; a repeat with the same key answers the first answer and moves nothing (protected only).
   * `'optional'` (order placement, IK6): honoured when sent, and the spec's calls without it still work; our
   * client always sends one.
   */
  idempotent?: boolean | 'optional';
  /**
   * Browsers send it with `credentials: 'include'`: the call sets, uses or clears the HttpOnly refresh cookie
   * (sign-in, refresh, logout; decision SC1). Every other call sends no cookie.
   */
  credentials?: boolean;
  /**
   * Admin endpoints: the back-office operator roles that may call it (the admin token may call every admin
   * endpoint). Missing: the admin token only.
   */
  roles?: readonly OperatorRole[];
  /**
   * Largest body in bytes the server reads for this endpoint, when it needs more than the server's default
   * (64 KB, issue #19). A multipart body is bounded by its module's part limits instead.
   */
  bodyLimit?: number;
}

/**
 * Roles of back-office operators: money reviews, identity reviews, customer support (issue #13), and editing
 * the brands' settings (issue #22, decision BE2).
 */
export const OPERATOR_ROLES = ['finance', 'compliance', 'support', 'brand'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface Endpoint<I extends TSchema = TSchema, D extends TSchema = TSchema> extends EndpointSpec<
  I,
  D
> {
  methods: readonly Method[];
}

/**
 * A route that answers something other than the envelope: a page, an image, `/config.json`. Declared here so
 * that its path is written once; the server registers it with `resourceRoute` and answers the reply itself.
 */
export interface Resource<I extends TSchema = TSchema> {
  service: Service;
  path: string;
  access: Access;
  methods: readonly Method[];
  summary: string;
  /** Object schema of the query string and the `{name}` path segments. */
  input: I;
  /** Media type(s) of a successful answer, e.g. 'text/html', 'image/svg+xml', 'application/json'. */
  produces: readonly string[];
  /** Schema of a JSON answer (the OpenAPI document shows it; the handler's reply is not filtered by it). */
  answer?: TSchema;
  tag?: string;
  /** Admin resources: the operator roles that may fetch it (e.g. a deposit's proof image); see `roles` above. */
  roles?: readonly OperatorRole[];
  /** Largest body in bytes, when more than the server's default (see `EndpointSpec.bodyLimit`). */
  bodyLimit?: number;
}

/** Declares a resource (GET unless other methods are given). */
export function resource<I extends TSchema>(
  spec: Omit<Resource<I>, 'methods'> & { methods?: readonly Method[] },
): Resource<I> {
  return { ...spec, methods: spec.methods ?? ['GET'] };
}

/** Declares an endpoint (identity at run time; gives the declaration its literal types). */
export function endpoint<I extends TSchema, D extends TSchema>(spec: EndpointSpec<I, D>): Endpoint<I, D> {
  return { ...spec, methods: spec.methods ?? ['POST'] };
}

/** What the endpoint takes. */
export type InputOf<E extends Endpoint> = Static<E['input']>;
/** What `data` holds on success. */
export type DataOf<E extends Endpoint> = Static<E['data']>;

/** Names of the `{name}` segments of a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** Fill `{name}` segments of a path from the payload (spec §7). */
export function fillPath(path: string, payload: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(payload[name] ?? '')));
}

/** The server's URL of a path of a service, in Fastify's spelling (`{symbol}` → `:symbol`). */
export function serverUrl(service: Service, path: string): string {
  return `${SERVICE_ROOT[service]}/${path}`.replace(/\{(\w+)\}/g, ':$1');
}
