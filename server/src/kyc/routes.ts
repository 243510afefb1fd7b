/** The user's verification calls of spec §7 and the owner's image route. */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { fillPath, SERVICE_ROOT } from '../../../src/core/contract/endpoint';
import {
  GetJuniorVerification,
  GetVerification,
  KYC_IMAGE_MAX_BYTES,
  KYC_META_MAX,
  SubmitJuniorVerification,
  SubmitVerification,
  VerificationImage,
  type IdType,
  type JuniorVerificationRecord,
  type VerificationRecord,
} from '../../../src/core/contract/kyc';
import type { Queryable } from '../db/types';
import { fail, ok } from '../http/envelope';
import { resourceRoute, route } from '../http/route';
import { IMAGE_CONTENT_TYPES, type AvatarStore } from '../users';
import { latestSubmission, ownsImage } from './repo';
import {
  assertOffered,
  discard,
  fileSubmission,
  levelStatus,
  parseKycMeta,
  readKycParts,
  textField,
} from './submit';

/** Where the owner fetches an image of their verification (with the bearer token, spec §7 images). */
function imageUrl(request: FastifyRequest, file: string | null): string | null {
  if (!file) return null;
  return `${request.publicOrigin}${SERVICE_ROOT[VerificationImage.service]}/${fillPath(VerificationImage.path, { file })}`;
}

/** The caller's advanced record: the newest submission's fields (to edit after a rejection) and status. */
async function advancedRecord(q: Queryable, request: FastifyRequest): Promise<VerificationRecord> {
  const { userId } = request.auth;
  const row = await latestSubmission(q, userId, 'advanced');
  return {
    realName: row?.realName ?? '',
    idCard: row?.idCard ?? '',
    authEmail: row?.authEmail ?? '',
    idType: (row?.idType ?? 0) as IdType,
    verifiedStatus: await levelStatus(q, userId, 'advanced'),
    cardImgFront: imageUrl(request, row?.imgFront ?? null),
    cardImgReverse: imageUrl(request, row?.imgReverse ?? null),
    cardImgAvatar: imageUrl(request, row?.imgSelfie ?? null),
    reason: row?.status === 3 ? row.reason : '',
  };
}

/** The caller's junior record (an approved advanced verification stands for it). */
async function juniorRecord(q: Queryable, userId: string): Promise<JuniorVerificationRecord> {
  const row =
    (await latestSubmission(q, userId, 'junior')) ?? (await latestSubmission(q, userId, 'advanced'));
  const status = await levelStatus(q, userId, 'junior');
  return {
    realName: row && (row.level === 'junior' || status === 2) ? row.realName : '',
    idCard: row && (row.level === 'junior' || status === 2) ? row.idCard : '',
    verifiedStatus: status,
    reason: row?.level === 'junior' && row.status === 3 ? row.reason : '',
  };
}

/** `user/auth`, `user/auth/submit`, `user/first/auth`, `user/first/auth/submit`, and the owner's images. */
export async function kycUserRoutes(app: FastifyInstance, store: AvatarStore): Promise<void> {
  route(app, GetVerification, async (_input, { request }) => ok(await advancedRecord(app.db, request)));

  route(app, GetJuniorVerification, async (_input, { request }) =>
    ok(await juniorRecord(app.db, request.auth.userId)),
  );

  route(app, SubmitJuniorVerification, async (input, { request }) => {
    const { userId, brandId } = request.auth;
    assertOffered(app, brandId, 'junior');
    await fileSubmission(app, userId, {
      level: 'junior',
      realName: textField(input.realName),
      idCard: textField(input.idCard),
      idType: null,
      authEmail: null,
      images: {},
      locale: input.locale ?? null,
    });
    return ok(await juniorRecord(app.db, userId));
  });

  // Encapsulated: this multipart parser serves the advanced submission only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KYC_IMAGE_MAX_BYTES, files: 3, fields: 2, fieldSize: KYC_META_MAX, parts: 6 },
    });
    route(scope, SubmitVerification, async (_input, { request }) => {
      const { userId, brandId } = request.auth;
      assertOffered(app, brandId, 'advanced');
      const parts = await readKycParts(request, store);
      try {
        const meta = parseKycMeta(app, brandId, parts.meta);
        await fileSubmission(app, userId, {
          level: 'advanced',
          realName: meta.realName,
          idCard: meta.idCard,
          idType: meta.idType ?? 0,
          authEmail: meta.authEmail ?? null,
          images: parts.images,
          locale: meta.locale ?? null,
        });
      } catch (error) {
        await discard(store, parts);
        throw error;
      }
      return ok(await advancedRecord(app.db, request));
    });
  });

  resourceRoute(app, VerificationImage, async (input, request, reply) => {
    // Only an image of the caller's own submissions: another user's file reads exactly as a missing one.
    const mine = await ownsImage(app.db, request.auth.userId, input.file);
    const opened = mine ? await store.open(input.file) : null;
    if (!opened) return reply.code(404).send(fail(Code.DATA_NOT_FOUND));
    return reply
      .header('content-type', IMAGE_CONTENT_TYPES[opened.type])
      .header('content-length', opened.size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });
}
