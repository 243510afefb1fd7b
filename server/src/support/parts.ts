/**
 * A message as it arrives (multipart: `text`, `clientId`, file `image`): read whole (the image is at most
 * 5 MB), then checked at the boundary. The text's line breaks are kept (a browser's form data sends them as
 * CRLF, stored as LF); any other control character, more than 2,000 characters, or nothing at all is 1001.
 * The image is checked by its first bytes (JPEG, PNG, HEIC), never by its name or declared type.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { SUPPORT_CLIENT_ID_MAX, SUPPORT_TEXT_MAX } from '../../../src/core/contract/support';
import { BusinessError } from '../http/envelope';
import { detectImageType, IMAGE_CONTENT_TYPES } from '../users';

const BAD = Code.INCORRECT_PARAMETER;
const CLIENT_ID = /^[A-Za-z0-9_-]+$/;
// Every C0 control character but the line feed, and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/;

/** What a send carries once read. */
export interface MessageParts {
  text?: string;
  clientId?: string;
  image?: Buffer;
}

/** A checked message: its text ('' with an image alone), client id and image. */
export interface CheckedMessage {
  text: string;
  clientId: string;
  image: { bytes: Buffer; type: string } | null;
}

/** Multipart limit errors of @fastify/multipart as business answers. */
function partsFailure(error: unknown): BusinessError | null {
  if (error instanceof BusinessError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BusinessError(BAD, 'image larger than 5 MB');
  if (code.startsWith('FST_')) return new BusinessError(BAD);
  return null;
}

/** Reads the parts of a send (unknown fields are ignored; a second file or a file of another name is 1001). */
export async function readMessageParts(request: FastifyRequest): Promise<MessageParts> {
  if (!request.isMultipart()) throw new BusinessError(BAD, 'multipart/form-data expected');
  const parts: MessageParts = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || parts.image) throw new BusinessError(BAD);
        parts.image = await part.toBuffer();
      } else if (part.fieldname === 'text' || part.fieldname === 'clientId') {
        parts[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw partsFailure(error) ?? error;
  }
  return parts;
}

/** The text as stored, or a 1001: CRLF and CR-less lines kept as LF, edges trimmed, no control character. */
export function checkText(raw: string | undefined): string {
  const text = (raw ?? '').replace(/\r\n/g, '\n').trim();
  if (text.length > SUPPORT_TEXT_MAX) throw new BusinessError(BAD, 'text longer than 2,000 characters');
  if (CONTROL.test(text)) throw new BusinessError(BAD, 'control characters in the text');
  return text;
}

/** Checks a read message: text, client id, image content. */
export function checkMessage(parts: MessageParts): CheckedMessage {
  const clientId = parts.clientId ?? '';
  if (!CLIENT_ID.test(clientId) || clientId.length > SUPPORT_CLIENT_ID_MAX) {
    throw new BusinessError(BAD, 'clientId: 1–64 letters, digits, - or _');
  }
  const text = checkText(parts.text);
  let image: CheckedMessage['image'] = null;
  if (parts.image) {
    if (parts.image.length === 0) throw new BusinessError(Code.UPLOAD_EMPTY);
    const type = detectImageType(parts.image);
    if (!type) throw new BusinessError(BAD, 'the image is not a JPEG, PNG or HEIC');
    image = { bytes: parts.image, type: IMAGE_CONTENT_TYPES[type] };
  }
  if (text === '' && !image) throw new BusinessError(BAD, 'an empty message');
  return { text, clientId, image };
}
