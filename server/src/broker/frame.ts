/** STOMP versions this broker speaks, best first. */
export const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'] as const;

/** A negotiated STOMP version. */
export type StompVersion = (typeof SUPPORTED_VERSIONS)[number];

/** A frame received from a client. Repeated headers keep their first value (STOMP 1.2 §Repeated Header Entries). */
export interface StompFrame {
  command: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** A protocol violation: the session answers with an ERROR frame and closes (STOMP 1.2 §ERROR). */
export class StompError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly extraHeaders: ReadonlyArray<readonly [string, string]> = [],
  ) {
    super(message);
    this.name = 'StompError';
  }
}

const ENCODE_12: Record<string, string> = { '\\': '\\\\', '\n': '\\n', ':': '\\c', '\r': '\\r' };
const NEEDS_ESCAPE_12 = /[\\\n:\r]/g;
const NEEDS_ESCAPE_11 = /[\\\n:]/g;

/** Escapes a header name or value for `version`; CONNECT and CONNECTED frames are never escaped. */
export function escapeHeader(value: string, version: StompVersion): string {
  if (version === '1.0') return value.replace(/[\r\n]/g, ' ');
  return value.replace(version === '1.2' ? NEEDS_ESCAPE_12 : NEEDS_ESCAPE_11, (c) => ENCODE_12[c] ?? c);
}

/** Reverses `escapeHeader`; an undefined escape such as `\t` is a fatal protocol error in 1.1 and 1.2. */
export function unescapeHeader(value: string, version: StompVersion): string {
  if (version === '1.0' || !value.includes('\\')) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = value[++i];
    if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    else if (next === 'r' && version === '1.2') out += '\r';
    else
      throw new StompError('invalid header escape', `Undefined escape sequence \\${next ?? ''} in a header.`);
  }
  return out;
}

/** Encodes a server frame with escaped headers; a non-empty body gets `content-length`. */
export function encodeFrame(
  command: string,
  headers: ReadonlyArray<readonly [string, string]>,
  version: StompVersion,
  body = '',
): Buffer {
  const escape = command !== 'CONNECTED';
  let head = `${command}\n`;
  for (const [name, value] of headers) {
    head += escape
      ? `${escapeHeader(name, version)}:${escapeHeader(value, version)}\n`
      : `${name}:${value}\n`;
  }
  const bodyBytes = Buffer.from(body, 'utf8');
  if (bodyBytes.length > 0) head += `content-length:${bodyBytes.length}\n`;
  return assemble(`${head}\n`, bodyBytes);
}

/**
 * Encodes one MESSAGE frame. `subscriptionHeader` is already escaped for the subscriber's version and
 * `destination` never needs escaping (SUBSCRIBE rejects such names), so one encoding serves every
 * subscriber that shares the subscription id.
 */
export function encodeMessage(
  destination: string,
  subscriptionHeader: string,
  messageId: string,
  body: Buffer,
): Buffer {
  return assemble(
    `MESSAGE\nsubscription:${subscriptionHeader}\nmessage-id:${messageId}\ndestination:${destination}\n` +
      `content-type:application/json\ncontent-length:${body.length}\n\n`,
    body,
  );
}

function assemble(head: string, body: Buffer): Buffer {
  const headLength = Buffer.byteLength(head, 'utf8');
  const frame = Buffer.allocUnsafe(headLength + body.length + 1);
  frame.write(head, 0, headLength, 'utf8');
  body.copy(frame, headLength);
  frame[frame.length - 1] = 0;
  return frame;
}
