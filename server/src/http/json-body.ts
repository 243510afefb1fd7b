/**
 * How a JSON body is read (issue #19 item 5): at most `JSON_BODY_LIMIT` bytes unless the route declares more
 * (the `bodyLimit` server option and the endpoint's own `bodyLimit`), and nested at most `JSON_MAX_DEPTH`
 * objects and arrays deep. The depth is counted by one pass over the text before `JSON.parse` runs, so a
 * body of a hundred thousand `[` is refused after 33 characters instead of being built into a tree first.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError } from './envelope';

/** Default body limit of every route: no contract body comes near it (the largest field is 4 KB). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Deepest nesting a JSON body may have; contract bodies are two or three levels deep. */
export const JSON_MAX_DEPTH = 32;

/** The refusal of a body nested deeper than `JSON_MAX_DEPTH` (1001, like any malformed body). */
export class JsonTooDeep extends BusinessError {
  constructor() {
    super(Code.INCORRECT_PARAMETER, `JSON nested deeper than ${JSON_MAX_DEPTH} levels`);
    this.name = 'JsonTooDeep';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when `text` opens more than `max` objects or arrays inside each other. Brackets inside strings do not
 * count; the scan stops at the first level too deep, so its cost is bounded by the body limit, never by the
 * nesting. Malformed text is left to `JSON.parse`.
 */
export function exceedsJsonDepth(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * The `application/json` parser over Fastify's own (`parse`, which refuses prototype keys): an empty body is
 * `{}`, a body nested too deep is refused before it is parsed.
 */
export function boundedJsonParser(parse: JsonParser): JsonParser {
  return (request, body, done) => {
    if (body.trim() === '') return done(null, {});
    if (exceedsJsonDepth(body)) return done(new JsonTooDeep());
    parse(request, body, done);
  };
}
