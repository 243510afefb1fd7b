/** The response envelope of spec §7: `code` 0 is success; extra top-level fields (token, uuid) may appear. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  [extra: string]: unknown;
}

/** True when a parsed body has the envelope shape (spec §7: otherwise 'Api constructor error.'). */
export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return 'code' in b || 'msg' in b || 'message' in b || 'data' in b;
}
