import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { fillPath, SERVICE_ROOT } from '../../../src/core/contract/endpoint';
import { SubmitUserInfo, UserAvatar } from '../../../src/core/contract/users';
import { BusinessError, fail, ok } from '../http/envelope';
import { resourceRoute, route } from '../http/route';
import { AvatarRejected, AVATAR_MAX_BYTES, type AvatarStore } from './avatar-store';
import { IMAGE_CONTENT_TYPES } from './image-type';
import { parseNickname } from './nickname';
import { avatarOf, updateProfile } from './repo';

const INCORRECT_PARAMETER = Code.INCORRECT_PARAMETER;
const UPLOAD_EMPTY = Code.UPLOAD_EMPTY;

/** Where clients read an avatar: the owner fetches it with their bearer token (spec §7 images). */
export function avatarUrl(origin: string, file: string | null): string | null {
  return file ? `${origin}${SERVICE_ROOT[UserAvatar.service]}/${fillPath(UserAvatar.path, { file })}` : null;
}

/** The business answer to a failed upload (multipart limits and store refusals), or null for other errors. */
function rejection(error: unknown): BusinessError | null {
  if (error instanceof BusinessError) return error;
  if (error instanceof AvatarRejected) {
    if (error.reason === 'empty') return new BusinessError(UPLOAD_EMPTY);
    if (error.reason === 'size') return new BusinessError(INCORRECT_PARAMETER, 'image larger than 10 MB');
    return new BusinessError(INCORRECT_PARAMETER, 'illegal image type (jpeg, png or heic)');
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new BusinessError(INCORRECT_PARAMETER, 'image larger than 10 MB');
  if (code.startsWith('FST_') && code.endsWith('_LIMIT')) return new BusinessError(INCORRECT_PARAMETER);
  return null;
}

/** Reads the parts: at most one `avatar` file (stored as it streams) and the `metaData` JSON field. */
async function readSubmission(request: FastifyRequest, store: AvatarStore) {
  let meta: string | undefined;
  let saved: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'avatar' || saved) throw new BusinessError(INCORRECT_PARAMETER);
        saved = (await store.save(part.file)).file;
      } else if (part.fieldname === 'metaData') {
        meta = String(part.value);
      }
    }
    return { nickname: parseNickname(meta), saved };
  } catch (error) {
    if (saved) await store.remove(saved);
    throw rejection(error) ?? error;
  }
}

/** `user/info/submit` (avatar + nickname, multipart) and `GET user/avatar/{file}` (owner only). */
export async function profileRoutes(app: FastifyInstance, store: AvatarStore): Promise<void> {
  // Encapsulated: the multipart parser exists only for these routes, and other modules may register their own.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 6 },
    });
    route(scope, SubmitUserInfo, async (_input, { request }) => {
      if (!request.isMultipart()) throw new BusinessError(INCORRECT_PARAMETER);
      const userId = request.auth.userId;
      const { nickname, saved } = await readSubmission(request, store);
      const replaced = await app.db
        .transaction(async (tx) => {
          const previous = await avatarOf(tx, userId, true);
          if (!saved && !previous) throw new BusinessError(UPLOAD_EMPTY);
          await updateProfile(tx, userId, nickname, saved ?? null);
          return saved ? previous : null;
        })
        .catch(async (error: unknown) => {
          if (saved) await store.remove(saved);
          throw error;
        });
      if (replaced) await store.remove(replaced).catch(() => undefined);
      return ok(null);
    });
  });

  resourceRoute(app, UserAvatar, async (input, request, reply) => {
    // Only the caller's current avatar: another user's file name reads as missing.
    const current = await avatarOf(app.db, request.auth.userId);
    const opened = current === input.file ? await store.open(input.file) : null;
    if (!opened) return reply.code(404).send(fail(Code.DATA_NOT_FOUND));
    return reply
      .header('content-type', IMAGE_CONTENT_TYPES[opened.type])
      .header('content-length', opened.size)
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(opened.stream);
  });
}
