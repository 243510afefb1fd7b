/** The compliance operators' routes: the queue, a submission's images, approve, reject, a user's level. */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { fillPath, SERVICE_ROOT } from '../../../src/core/contract/endpoint';
import {
  AdminApproveKyc,
  AdminKycImage,
  AdminKycLevel,
  AdminKycList,
  AdminRejectKyc,
  KYC_QUEUE_PAGE_SIZE,
  type AdminKyc,
  type KycImageSide,
  type KycReviewState,
} from '../../../src/core/contract/kyc';
import { adminAuditOf } from '../http/admin-audit';
import { BusinessError, fail, ok } from '../http/envelope';
import { resourceRoute, route } from '../http/route';
import { IMAGE_CONTENT_TYPES, type AvatarStore } from '../users';
import {
  findSubmission,
  listSubmissions,
  REVIEW_STATE_OF,
  SubmissionStatus,
  userIdOfUid,
  type SubmissionRow,
} from './repo';
import type { KycReview } from './review';
import { levelStatus } from './submit';

/** Where the admin API serves an image of a submission. */
function imagePath(id: string, side: KycImageSide, file: string | null): string | null {
  if (!file) return null;
  return `${SERVICE_ROOT[AdminKycImage.service]}/${fillPath(AdminKycImage.path, { id, side })}`;
}

/** The operators' view of a submission. */
export function toAdminKyc(row: SubmissionRow): AdminKyc {
  return {
    id: row.id,
    userUid: row.userUid,
    brandId: row.brandId,
    level: row.level,
    state: REVIEW_STATE_OF[row.status],
    realName: row.realName,
    idCard: row.idCard,
    idType: row.idType,
    authEmail: row.authEmail,
    images: {
      front: imagePath(row.id, 'front', row.imgFront),
      reverse: imagePath(row.id, 'reverse', row.imgReverse),
      selfie: imagePath(row.id, 'selfie', row.imgSelfie),
    },
    reason: row.reason,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    reviewedBy: row.reviewedBy,
  };
}

const STATUS_OF: Record<KycReviewState, (typeof SubmissionStatus)[keyof typeof SubmissionStatus]> = {
  waiting: SubmissionStatus.waiting,
  approved: SubmissionStatus.approved,
  rejected: SubmissionStatus.rejected,
  superseded: SubmissionStatus.superseded,
};

const fileOf = (row: SubmissionRow, side: KycImageSide) =>
  side === 'front' ? row.imgFront : side === 'reverse' ? row.imgReverse : row.imgSelfie;

export function kycAdminRoutes(app: FastifyInstance, review: KycReview, store: AvatarStore): void {
  // Names and id numbers are personal data: who listed which submissions is kept, as a lookup is (UL3).
  route(app, AdminKycList, async (input, { audit }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? KYC_QUEUE_PAGE_SIZE;
    const state = input.status ?? 'waiting';
    const { list, total } = await audit.transaction(async (tx, record) => {
      const found = await listSubmissions(tx, STATUS_OF[state], page, limit);
      await record({
        action: 'kyc.list',
        objectKind: 'kyc_list',
        objectId: state,
        after: { ids: found.list.map((row) => row.id) },
      });
      return found;
    });
    return ok({ list: list.map(toAdminKyc), page, pages: Math.ceil(total / limit), total });
  });

  resourceRoute(app, AdminKycImage, async (input, request, reply) => {
    const row = await findSubmission(app.db, input.id);
    const file = row ? fileOf(row, input.side) : null;
    if (!file) return reply.code(404).send(fail(Code.DATA_NOT_FOUND));
    // Opening a document is reading personal data: who opened which image, and when, is kept.
    await adminAuditOf(request).transaction(async (_tx, record) => {
      await record({
        action: 'kyc.view_image',
        objectKind: 'kyc',
        objectId: input.id,
        after: { side: input.side },
      });
    });
    const opened = await store.open(file);
    if (!opened) return reply.code(404).send(fail(Code.DATA_NOT_FOUND));
    return reply
      .header('content-type', IMAGE_CONTENT_TYPES[opened.type])
      .header('content-length', opened.size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });

  route(app, AdminApproveKyc, async (input, { audit }) =>
    ok(toAdminKyc(await review.decide(input.id, { approve: true }, audit))),
  );

  route(app, AdminRejectKyc, async (input, { audit }) => {
    const reason = input.reason.trim();
    if (!reason) throw new BusinessError(Code.INCORRECT_PARAMETER, 'reason required');
    return ok(toAdminKyc(await review.decide(input.id, { approve: false, reason }, audit)));
  });

  route(app, AdminKycLevel, async (input, { audit }) => {
    const answer = await audit.transaction(async (tx, record) => {
      const userId = await userIdOfUid(tx, input.uid);
      if (!userId) throw new BusinessError(Code.USER_NOT_FOUND);
      const junior = await levelStatus(tx, userId, 'junior');
      const advanced = await levelStatus(tx, userId, 'advanced');
      await record({ action: 'user.view_kyc_level', objectKind: 'user', objectId: input.uid });
      const level = advanced === 2 ? 'advanced' : junior === 2 ? 'junior' : 'none';
      return { level, junior, advanced } as const;
    });
    return ok(answer);
  });
}
