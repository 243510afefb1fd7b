/** The trader's and the visitor's support routes (contract/support.ts), and the images they may open. */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_TEXT_MAX,
  SupportConversationGet,
  SupportImage,
  SupportRead,
  SupportSend,
  SupportVisitorConversation,
  SupportVisitorImage,
  SupportVisitorRead,
  SupportVisitorSend,
  SupportVisitorStart,
  SupportVisitorTicket,
} from '../../../src/core/contract/support';
import { BusinessError, fail, ok } from '../http/envelope';
import { readingParts } from '../http/multipart';
import { resourceRoute, route } from '../http/route';
import { checkMessage, readMessageParts, type MessageParts } from './parts';
import type { Owner } from './repo';
import type { SupportService } from './service';
import type { VisitorService } from './visitors';

/** Multipart limits of a message: one image, the two fields (the text in UTF-8 takes up to 4 bytes a char). */
export const MESSAGE_LIMITS = {
  fileSize: SUPPORT_IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: SUPPORT_TEXT_MAX * 4 + 64,
  parts: 6,
};

/** Registers a multipart scope whose routes find the read message parts as `request.body`. */
export async function messageScope(app: FastifyInstance, register: (scope: FastifyInstance) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MESSAGE_LIMITS });
    scope.addHook('preValidation', async (request) => {
      request.body = await readingParts(request, () => readMessageParts(request));
    });
    register(scope);
  });
}

/** Sends an image, or the 1008 of a missing one (another's image answers the same). */
export function sendImage(reply: FastifyReply, image: { bytes: Buffer; type: string } | null, code: number) {
  if (!image) return reply.code(404).send(fail(code));
  return reply
    .header('content-type', image.type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);
}

export async function supportRoutes(
  app: FastifyInstance,
  support: SupportService,
  visitors: VisitorService,
): Promise<void> {
  const user = (request: FastifyRequest): Owner => ({ kind: 'user', id: request.auth.userId });
  const visitor = async (request: FastifyRequest): Promise<Owner> => {
    const id = await visitors.visitorOf(request);
    if (!id) throw new BusinessError(Code.USER_NOT_FOUND, 'no visitor conversation: start one');
    return { kind: 'visitor', id };
  };

  route(app, SupportConversationGet, async (input, { request }) =>
    ok(await support.thread(user(request), input.afterId)),
  );
  route(app, SupportRead, async (input, { request }) =>
    ok({ read: await support.read(user(request), input.upToId) }),
  );
  resourceRoute(app, SupportImage, async (input, request, reply) =>
    sendImage(reply, await support.ownImage(user(request), input.id), Code.DATA_NOT_FOUND),
  );

  route(app, SupportVisitorStart, async (input, { request, reply }) => {
    const brandId = app.brand.of(request).id;
    const id = await visitors.start(request, reply, input.email, brandId);
    return ok(await support.thread({ kind: 'visitor', id }));
  });
  route(app, SupportVisitorConversation, async (input, { request }) =>
    ok(await support.thread(await visitor(request), input.afterId)),
  );
  route(app, SupportVisitorRead, async (input, { request }) =>
    ok({ read: await support.read(await visitor(request), input.upToId) }),
  );
  route(app, SupportVisitorTicket, async (_input, { request }) => {
    const owner = await visitor(request);
    return ok(await visitors.issueTicket(owner.id));
  });
  resourceRoute(app, SupportVisitorImage, async (input, request, reply) => {
    const id = await visitors.visitorOf(request);
    const image = id ? await support.ownImage({ kind: 'visitor', id }, input.id) : null;
    return sendImage(reply, image, Code.DATA_NOT_FOUND);
  });

  await messageScope(app, (scope) => {
    route(scope, SupportSend, async (_input, { request }) => {
      const message = checkMessage(request.body as MessageParts);
      return ok(await support.send(user(request), request.auth.brandId, message));
    });
    route(scope, SupportVisitorSend, async (_input, { request }) => {
      const owner = await visitor(request);
      const message = checkMessage(request.body as MessageParts);
      const brandId = app.brand.of(request).id;
      return ok(await support.send(owner, brandId, message));
    });
  });
}
