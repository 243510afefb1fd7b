import { describe, expect, it } from 'vitest';
import { parseSupportPush } from './support-push';

const conversation = { id: '1', status: 'open', assignedTo: null, createdAt: 1, closedAt: null };
const message = {
  id: '5',
  conversationId: '1',
  from: 'operator',
  text: 'hi',
  image: null,
  createdAt: 2,
  readAt: null,
  clientId: '',
};
const frame = (value: unknown) => JSON.stringify(value);

describe('parseSupportPush', () => {
  it.each([
    ['a message', { ordertype: 'support', kind: 'message', conversation, message }],
    ['a read receipt', { ordertype: 'support', kind: 'read', conversation, upToId: '5' }],
    [
      'an assignment',
      { ordertype: 'support', kind: 'assigned', conversation: { ...conversation, assignedTo: 'Mia' } },
    ],
    [
      'a close',
      {
        ordertype: 'support',
        kind: 'closed',
        conversation: { ...conversation, status: 'closed', closedAt: 3 },
      },
    ],
  ])('reads %s', (_title, value) => {
    expect(parseSupportPush(frame(value))).toEqual(value);
  });

  it.each([
    ['not text', 5],
    ['broken JSON', '{"support"'],
    ['another ordertype', frame({ ordertype: 'notification', kind: 'message', conversation, message })],
    ['an unknown kind', frame({ ordertype: 'support', kind: 'typing', conversation })],
    ['a message without its message', frame({ ordertype: 'support', kind: 'message', conversation })],
    [
      'a message with a bad id',
      frame({ ordertype: 'support', kind: 'message', conversation, message: { ...message, id: '05' } }),
    ],
    [
      'a message from nobody known',
      frame({ ordertype: 'support', kind: 'message', conversation, message: { ...message, from: 'bot' } }),
    ],
    ['a read without its id', frame({ ordertype: 'support', kind: 'read', conversation })],
    [
      'a bad conversation',
      frame({ ordertype: 'support', kind: 'closed', conversation: { id: 1, status: 'open' } }),
    ],
  ])('drops %s', (_title, data) => {
    expect(parseSupportPush(data)).toBeNull();
  });
});
