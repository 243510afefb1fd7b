/**
 * The live-support message of the exchange socket (contract/support.ts `ExchangeSupportMessage`), parsed at the
 * edge: a frame that is not shaped like the contract is dropped. The trader's socket and a visitor's ticketed
 * socket carry the same message.
 */
import type { ExchangeSupportMessage, SupportConversation, SupportMessage } from '../contract/support';

const KINDS = new Set(['message', 'read', 'assigned', 'closed']);
const ID = /^[1-9][0-9]{0,17}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isTimeOrNull = (value: unknown) => value === null || isTime(value);

/** A conversation as the contract has it. */
export function isSupportConversation(value: unknown): value is SupportConversation {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    (value.status === 'open' || value.status === 'closed') &&
    (value.assignedTo === null || typeof value.assignedTo === 'string') &&
    isTime(value.createdAt) &&
    isTimeOrNull(value.closedAt)
  );
}

/** A message as the contract has it. */
export function isSupportMessage(value: unknown): value is SupportMessage {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    ID.test(value.id) &&
    typeof value.conversationId === 'string' &&
    (value.from === 'trader' || value.from === 'operator') &&
    typeof value.text === 'string' &&
    (value.image === null || typeof value.image === 'string') &&
    isTime(value.createdAt) &&
    isTimeOrNull(value.readAt) &&
    typeof value.clientId === 'string'
  );
}

/** The support message in a socket frame (text JSON), or null. */
export function parseSupportPush(data: unknown): ExchangeSupportMessage | null {
  if (typeof data !== 'string' || !data.includes('"support"')) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.ordertype !== 'support' || !KINDS.has(value.kind as string)) return null;
  if (!isSupportConversation(value.conversation)) return null;
  const kind = value.kind as ExchangeSupportMessage['kind'];
  if (kind === 'message' && !isSupportMessage(value.message)) return null;
  if (kind === 'read' && !(typeof value.upToId === 'string' && ID.test(value.upToId))) return null;
  return {
    ordertype: 'support',
    kind,
    conversation: value.conversation,
    ...(kind === 'message' ? { message: value.message as SupportMessage } : {}),
    ...(kind === 'read' ? { upToId: value.upToId as string } : {}),
  };
}
