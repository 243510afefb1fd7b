import { Parser, type IRawFrameType } from '@stomp/stompjs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryParseChunk, parseChunk, readFramesWhole, splitFrames } from './stomp-frames';

type Event = 'ping' | { command: string | undefined; headers: [string, string][]; body: number[] };

/** A parser and what it handed on: frames (command, raw headers, body bytes) and heart-beats, in order. */
function recording() {
  const events: Event[] = [];
  const parser = new Parser(
    (frame: IRawFrameType) =>
      events.push({
        command: frame.command,
        headers: frame.headers.map(([name, value]) => [name, value]),
        body: [...(frame.binaryBody ?? [])],
      }),
    () => events.push('ping'),
  );
  return { parser, events };
}

const utf8 = (value: string) => [...new TextEncoder().encode(value)];
const noLineEnd = (value: string) => !/[\n]/.test(value);

/** One frame's bytes, as a broker writes it (or gets it wrong), with what may stand between frames before it. */
const frameBytes = fc
  .record({
    gap: fc.array(fc.constantFrom(0, 10, 13), { maxLength: 3 }),
    command: fc.oneof(
      fc.constantFrom('MESSAGE', 'CONNECTED', 'RECEIPT', 'ERROR'),
      fc.string({ minLength: 1, maxLength: 8 }).filter((value) => noLineEnd(value) && !/^[\0\r]/.test(value)),
    ),
    headers: fc.array(
      fc.tuple(
        fc.string({ maxLength: 8 }).filter((name) => noLineEnd(name) && !name.includes(':')),
        fc.string({ maxLength: 12 }).filter(noLineEnd),
      ),
      { maxLength: 4 },
    ),
    body: fc.oneof(
      fc.uint8Array({ maxLength: 40 }).map((bytes) => ({ sized: true, bytes: [...bytes] })),
      fc
        .string({ maxLength: 40 })
        .map((value) => ({ sized: false, bytes: utf8(value.replaceAll('\0', '')) })),
    ),
    // What follows a sized body: its NUL, or another octet (stompjs drops it whatever it is).
    after: fc.constantFrom(0, 0, 0, 65),
    // A header line without a colon, or a content-length that is no number: left to stompjs' parser.
    broken: fc.constantFrom('none', 'none', 'none', 'none', 'no-colon', 'bad-length'),
  })
  .map(({ gap, command, headers, body, after, broken }) => {
    const lines = headers.map(([name, value]) => `${name}:${value}`);
    if (body.sized) lines.unshift(`content-length:${broken === 'bad-length' ? 'abc' : body.bytes.length}`);
    if (broken === 'no-colon') lines.push('no colon here');
    const head = utf8(`${command}\n${lines.map((line) => `${line}\n`).join('')}\n`);
    return [...gap, ...head, ...body.bytes, body.sized ? after : 0];
  });

/** The bytes of several frames, cut at `cuts` (fractions of the length) into the messages a socket delivers. */
const messages = fc
  .tuple(
    fc.array(frameBytes, { minLength: 1, maxLength: 6 }),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true })),
  )
  .map(([frames, cuts]) => {
    const bytes = frames.flat();
    const points = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].sort((a, b) => a - b);
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const point of [...points, bytes.length])
      if (point > from) {
        pieces.push(Uint8Array.from(bytes.slice(from, point)));
        from = point;
      }
    return pieces;
  });

const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;

describe('STOMP frames read whole (EK61)', () => {
  afterEach(() => {
    Parser.prototype.parseChunk = libraryParseChunk;
  });

  it("hands on the same frames and heart-beats as stompjs' parser, however the bytes are cut into messages", () => {
    fc.assert(
      fc.property(messages, (pieces) => {
        const library = recording();
        const whole = recording();
        for (const piece of pieces) {
          libraryParseChunk.call(library.parser, buffer(piece), false);
          parseChunk(whole.parser, buffer(piece), false);
        }
        expect(whole.events).toEqual(library.events);
      }),
      { numRuns: 400 },
    );
  });

  it('reads text messages as stompjs does, with or without the NUL stompjs may add', () => {
    const frames = [
      'MESSAGE\nsubscription:sub-1\ndestination:/topic/prices\ncontent-type:application/json\ncontent-length:28\n\n[{"symbol":"BTCUSDT","b":1}]\0',
      'MESSAGE\ndestination:/topic/x\nkey:a:b\\c\r\n\n{"name":"日本円"}\0',
      '\n',
      'RECEIPT\nreceipt-id:7\n\n\0\n\n',
      'ERROR\nmessage:bad\n\nwithout its NUL',
    ];
    for (const append of [false, true])
      for (const message of frames) {
        const library = recording();
        const whole = recording();
        libraryParseChunk.call(library.parser, message, append);
        parseChunk(whole.parser, message, append);
        expect(whole.events).toEqual(library.events);
      }
  });

  it('splits whole frames itself and leaves a cut frame to the library', () => {
    const message = utf8('MESSAGE\ncontent-length:2\nid:1\n\nhi\0\nCONNECTED\nversion:1.2\n\n\0');
    expect(splitFrames(Uint8Array.from(message))).toEqual([
      {
        command: 'MESSAGE',
        headers: [
          ['content-length', '2'],
          ['id', '1'],
        ],
        binaryBody: Uint8Array.from(utf8('hi')),
      },
      'ping',
      { command: 'CONNECTED', headers: [['version', '1.2']], binaryBody: new Uint8Array() },
    ]);
    expect(splitFrames(Uint8Array.from(message.slice(0, 20)))).toBeNull();
    expect(splitFrames(Uint8Array.from(utf8('MESSAGE\ncontent-length:9\n\nhi\0')))).toBeNull();
  });

  it('keeps reading the frames after one whose handler throws', () => {
    const seen: string[] = [];
    const parser = new Parser(
      (frame) => {
        seen.push(frame.command ?? '');
        if (frame.command === 'ERROR') throw new Error('handler');
      },
      () => undefined,
    );
    const errors = console.error;
    console.error = () => undefined;
    try {
      parseChunk(parser, 'ERROR\n\n\0RECEIPT\n\n\0');
    } finally {
      console.error = errors;
    }
    expect(seen).toEqual(['ERROR', 'RECEIPT']);
  });

  it('makes every stompjs parser of the page read through it', () => {
    const before = recording();
    readFramesWhole();
    expect(Parser.prototype.parseChunk).not.toBe(libraryParseChunk);
    const after = recording();
    after.parser.parseChunk('MESSAGE\nid:1\n\nx\0');
    expect(after.events).toEqual([{ command: 'MESSAGE', headers: [['id', '1']], body: utf8('x') }]);
    expect(before.events).toEqual([]);
  });
});
