import { StompError, unescapeHeader, type StompFrame, type StompVersion } from './frame';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'STOMP']);

/**
 * Incremental parser of client frames. Frames may share one WebSocket message or span several; EOLs
 * between frames are heart-beats. `content-length` is honoured, so a body may contain NUL bytes.
 */
export class FrameParser {
  /** Version whose escaping applies to headers (set after CONNECT); CONNECT itself is never unescaped. */
  version: StompVersion = '1.2';
  private buffer: Buffer = EMPTY;

  constructor(private readonly maxFrameBytes: number) {}

  /** Appends received bytes. */
  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
  }

  /** The next complete frame, or undefined until more bytes arrive; throws StompError on a bad frame. */
  next(): StompFrame | undefined {
    const buf = this.buffer;
    let start = 0;
    while (start < buf.length && (buf[start] === LF || (buf[start] === CR && buf[start + 1] === LF))) {
      start += buf[start] === CR ? 2 : 1;
    }
    const parsed = start < buf.length ? this.parse(buf, start) : undefined;
    const consumed = parsed ? parsed.end : start;
    this.buffer = consumed >= buf.length ? EMPTY : buf.subarray(consumed);
    return parsed?.frame;
  }

  private parse(buf: Buffer, start: number): { frame: StompFrame; end: number } | undefined {
    const max = this.maxFrameBytes;
    let command: string | undefined;
    const headers = new Map<string, string>();
    let pos = start;
    for (;;) {
      const lf = buf.indexOf(LF, pos);
      if (lf === -1 || lf - start >= max) return this.incomplete(buf, start);
      const line = buf.toString('utf8', pos, lf > pos && buf[lf - 1] === CR ? lf - 1 : lf);
      pos = lf + 1;
      if (command === undefined) command = line;
      else if (line === '') break;
      else this.addHeader(headers, line, command);
    }
    const length = headers.get('content-length');
    let bodyEnd: number;
    if (length !== undefined) {
      if (!/^\d{1,9}$/.test(length)) {
        throw new StompError('invalid content-length', 'content-length must be a non-negative integer.');
      }
      bodyEnd = pos + Number(length);
      if (bodyEnd - start >= max) throw tooLarge(max);
      if (buf.length <= bodyEnd) return undefined;
      if (buf[bodyEnd] !== NUL) {
        throw new StompError(
          'frame not terminated',
          'The body must be followed by NUL after content-length bytes.',
        );
      }
    } else {
      bodyEnd = buf.indexOf(NUL, pos);
      if (bodyEnd === -1) return this.incomplete(buf, start);
      if (bodyEnd - start >= max) throw tooLarge(max);
    }
    return { frame: { command, headers, body: buf.subarray(pos, bodyEnd) }, end: bodyEnd + 1 };
  }

  private addHeader(headers: Map<string, string>, line: string, command: string): void {
    const colon = line.indexOf(':');
    if (colon <= 0)
      throw new StompError('malformed header', `A header line must be name:value (got "${line}").`);
    const raw = UNESCAPED_COMMANDS.has(command);
    const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon), this.version);
    if (headers.has(name)) return;
    headers.set(name, raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1), this.version));
  }

  private incomplete(buf: Buffer, start: number): undefined {
    if (buf.length - start > this.maxFrameBytes) throw tooLarge(this.maxFrameBytes);
    return undefined;
  }
}

function tooLarge(max: number): StompError {
  return new StompError('frame too large', `Frames from clients are limited to ${max} bytes.`);
}
