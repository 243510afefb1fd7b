import { SERVER_CODES, isServerCode } from '../../../src/core/contract/codes';
import type { Envelope } from '../../../src/core/contract/envelope';

/** A business failure that the error handler turns into `{ code, msg, data: null }` with HTTP 200. */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? (isServerCode(code) ? SERVER_CODES[code] : 'unknown'));
    this.name = 'BusinessError';
  }
}

/** Success envelope. */
export function ok<T>(data: T, extra: Record<string, unknown> = {}): Envelope<T> {
  return { code: 0, msg: 'success', data, ...extra };
}

/** Failure envelope for a catalogue code. */
export function fail(code: number, msg?: string): Envelope<null> {
  return { code, msg: msg ?? (isServerCode(code) ? SERVER_CODES[code] : 'unknown'), data: null };
}
