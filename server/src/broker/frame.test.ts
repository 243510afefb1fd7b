import { describe, expect, it } from 'vitest';
import { encodeFrame, encodeMessage, escapeHeader, unescapeHeader } from './frame';
import { FrameParser } from './parser';

function parseAll(parser: FrameParser, ...chunks: string[]) {
  const frames = [];
  for (const chunk of chunks) {
    parser.push(Buffer.from(chunk, 'utf8'));
    for (let frame = parser.next(); frame; frame = parser.next()) {
      frames.push({
        command: frame.command,
        headers: Object.fromEntries(frame.headers),
        body: frame.body.toString(),
      });
    }
  }
  return frames;
}

describe('STOMP /market-ws', () => {
  describe('header escaping', () => {
    it.each([
      ['a:b', '1.2', 'a\\cb'],
      ['back\\slash', '1.2', 'back\\\\slash'],
      ['two\nlines', '1.2', 'two\\nlines'],
      ['cr\r', '1.2', 'cr\\r'],
      ['cr\r', '1.1', 'cr\r'],
      ['a:b\nc', '1.0', 'a:b c'],
    ] as const)('escapes %j for STOMP %s as %j', (raw, version, escaped) => {
      expect(escapeHeader(raw, version)).toBe(escaped);
    });

    it('unescapes what it escapes and rejects undefined escapes', () => {
      const value = 'x:\\y\nz\r';
      expect(unescapeHeader(escapeHeader(value, '1.2'), '1.2')).toBe(value);
      expect(() => unescapeHeader('a\\tb', '1.2')).toThrow('invalid header escape');
      expect(() => unescapeHeader('a\\rb', '1.1')).toThrow('invalid header escape');
      expect(unescapeHeader('a\\tb', '1.0')).toBe('a\\tb');
    });
  });

  describe('encoding', () => {
    it('writes a MESSAGE frame with content-length in bytes and a NUL terminator', () => {
      const frame = encodeMessage('/topic/prices', 'sub-0', '7', Buffer.from('"é"'));
      expect(frame.toString()).toBe(
        'MESSAGE\nsubscription:sub-0\nmessage-id:7\ndestination:/topic/prices\n' +
          'content-type:application/json\ncontent-length:4\n\n"é"\0',
      );
    });

    it('escapes headers of ERROR but not of CONNECTED', () => {
      expect(encodeFrame('ERROR', [['message', 'a:b']], '1.2', 'x').toString()).toBe(
        'ERROR\nmessage:a\\cb\ncontent-length:1\n\nx\0',
      );
      expect(encodeFrame('CONNECTED', [['server', 'T:1']], '1.2').toString()).toBe(
        'CONNECTED\nserver:T:1\n\n\0',
      );
    });
  });

  describe('parsing', () => {
    it('parses frames split anywhere, with CRLF lines and heart-beat EOLs between them', () => {
      const parser = new FrameParser(1024);
      const text = '\r\n\nSUBSCRIBE\r\nid:1\r\ndestination:/topic/a\r\n\r\n\0\nUNSUBSCRIBE\nid:1\n\n\0';
      const chunks = [text.slice(0, 5), text.slice(5, 30), text.slice(30, 47), text.slice(47)];
      expect(parseAll(parser, ...chunks)).toEqual([
        { command: 'SUBSCRIBE', headers: { id: '1', destination: '/topic/a' }, body: '' },
        { command: 'UNSUBSCRIBE', headers: { id: '1' }, body: '' },
      ]);
    });

    it('keeps the first value of a repeated header and unescapes except in CONNECT', () => {
      const parser = new FrameParser(1024);
      const frames = parseAll(parser, 'CONNECT\nlogin:a\\cb\n\n\0SUBSCRIBE\nid:x\\cy\nid:second\n\n\0');
      expect(frames.map((f) => f.headers)).toEqual([{ login: 'a\\cb' }, { id: 'x:y' }]);
    });

    it('reads exactly content-length bytes, NULs included', () => {
      const parser = new FrameParser(1024);
      expect(parseAll(parser, 'SEND\ncontent-length:5\n\na\0b\0c', '\0')[0]?.body).toBe('a\0b\0c');
    });

    it.each([
      [
        'a body that does not end in NUL after content-length',
        'SEND\ncontent-length:1\n\nab\0',
        'frame not terminated',
      ],
      ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0', 'invalid content-length'],
      ['a header line without a colon', 'SEND\nnocolon\n\n\0', 'malformed header'],
      ['a declared length over the limit', 'SEND\ncontent-length:5000\n\n', 'frame too large'],
      ['an unterminated frame over the limit', `SEND\n\n${'x'.repeat(2000)}`, 'frame too large'],
      ['a header block over the limit', `SEND\nh:${'x'.repeat(2000)}`, 'frame too large'],
    ])('rejects %s', (_case, text, message) => {
      expect(() => parseAll(new FrameParser(1024), text)).toThrow(message);
    });
  });
});
