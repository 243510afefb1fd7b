/**
 * STOMP frames read from a whole WebSocket message at once (EK61). stompjs' own parser walks a message byte by byte
 * through a state machine, a function call and an array push per byte: a `/topic/prices` message of 13 KB cost its
 * page about a millisecond each time, 25–35 ms of the home page's first three seconds. Here the message's bytes are
 * searched with the engine's own `indexOf` and decoded by slices. A message that is not whole frames (a frame cut
 * across messages, a header line without a colon, a content-length that is not a number) is left to stompjs' parser,
 * as is every message while that parser holds part of a frame, so the frames stompjs sees are the ones its parser
 * would have made.
 */
import { Parser } from '@stomp/stompjs';
import type { IRawFrameType } from '@stomp/stompjs';

const NULL = 0;
const LF = 10;
const CR = 13;
const COLON = 58;

/** An end of line between frames: a heart-beat. */
export const PING = 'ping';

/** stompjs' Parser as this module reads its state (private fields of the library's class). */
interface ParserState {
  onFrame: (frame: IRawFrameType) => void;
  onIncomingPing: () => void;
  _token: number[];
  _onByte: unknown;
  _collectFrame: unknown;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const text = (bytes: Uint8Array, from: number, to: number) => decoder.decode(bytes.subarray(from, to));
/** A command or header value: its carriage returns dropped, as stompjs drops them. */
const line = (bytes: Uint8Array, from: number, to: number) => text(bytes, from, to).replaceAll('\r', '');

/**
 * The frames and heart-beats of `bytes` when it holds only whole frames (trailing NUL bytes and line ends
 * included); null otherwise. Each frame as stompjs' parser makes it: raw header values, the body as bytes.
 */
export function splitFrames(bytes: Uint8Array): (IRawFrameType | typeof PING)[] | null {
  const frames: (IRawFrameType | typeof PING)[] = [];
  const end = bytes.length;
  let at = 0;
  while (at < end) {
    const first = bytes[at];
    if (first === NULL || first === CR) {
      at += 1;
      continue;
    }
    if (first === LF) {
      frames.push(PING);
      at += 1;
      continue;
    }
    const commandEnd = bytes.indexOf(LF, at);
    if (commandEnd < 0) return null;
    const command = line(bytes, at, commandEnd);
    at = commandEnd + 1;
    const headers: [string, string][] = [];
    for (;;) {
      while (at < end && bytes[at] === CR) at += 1;
      if (at >= end) return null;
      if (bytes[at] === LF) {
        at += 1;
        break;
      }
      const lineEnd = bytes.indexOf(LF, at);
      const colon = bytes.indexOf(COLON, at);
      if (lineEnd < 0 || colon < 0 || colon > lineEnd) return null;
      headers.push([text(bytes, at, colon), line(bytes, colon + 1, lineEnd)]);
      at = lineEnd + 1;
    }
    const length = headers.find(([name]) => name === 'content-length');
    let body: Uint8Array;
    if (length) {
      const size = parseInt(length[1], 10);
      // The octet after the body (its NUL) is dropped whatever it is, as stompjs drops it.
      if (!(size >= 0) || at + size >= end) return null;
      body = bytes.slice(at, at + size);
      at += size + 1;
    } else {
      const nul = bytes.indexOf(NULL, at);
      if (nul < 0) return null;
      body = bytes.slice(at, nul);
      at = nul + 1;
    }
    frames.push({ command, headers, binaryBody: body });
  }
  return frames;
}

/** stompjs' own `parseChunk`, as the library defines it. */
export const libraryParseChunk = Parser.prototype.parseChunk;

/** Reads `segment` into `parser` by whole frames when it can, else by stompjs' parser (same frames either way). */
export function parseChunk(parser: Parser, segment: string | ArrayBuffer, appendMissingNull = false): void {
  const state = parser as unknown as ParserState;
  const idle = state._onByte === state._collectFrame && state._token.length === 0;
  let bytes = typeof segment === 'string' ? encoder.encode(segment) : new Uint8Array(segment);
  if (appendMissingNull && bytes[bytes.length - 1] !== NULL) {
    const ended = new Uint8Array(bytes.length + 1);
    ended.set(bytes);
    bytes = ended;
  }
  const frames = idle ? splitFrames(bytes) : null;
  // The library gets the same bytes, not the text to encode again.
  if (!frames) return libraryParseChunk.call(parser, exactBuffer(bytes), false);
  for (const frame of frames) {
    if (frame === PING) {
      state.onIncomingPing();
      continue;
    }
    try {
      state.onFrame(frame);
    } catch (error) {
      // As stompjs' parser does: one handler's failure does not stop the frames after it.
      console.error('[tradekit] a STOMP frame handler failed', error);
    }
  }
}

/** The buffer of exactly `bytes` (TextEncoder's own is, as a rule; else a copy). */
const exactBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.slice().buffer as ArrayBuffer);

/** Makes every stompjs Parser of this bundle read messages through `parseChunk`. */
export function readFramesWhole(): void {
  Parser.prototype.parseChunk = function parseWhole(this: Parser, segment, appendMissingNull) {
    parseChunk(this, segment, appendMissingNull);
  };
}
