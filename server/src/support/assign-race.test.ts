/**
 * Two operators taking one conversation at the same moment (issue #21): exactly one wins, the other answers
 * 1038, and one audit row is written. On PostgreSQL, where the two transactions really run at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminSupportConversation, SupportSent } from '../../../src/core/contract/support';
import { describeOnBackends } from '../db/testing';
import { startExchangeApp, type ExchangeApp } from '../exchange-ws/testing';
import { adminPath, auditOf, call, sendForm, supportOperator, type Caller } from './test-support';

describeOnBackends('support: assignment race', { on: 'postgres' }, (backend) => {
  let h: ExchangeApp;

  beforeAll(async () => {
    h = await startExchangeApp({
      database: await backend.create(),
    });
  }, 240_000);
  afterAll(async () => h?.close());

  it('gives one winner when two operators assign at once, every time', async () => {
    const operators: Caller[] = [];
    for (const name of ['Dana', 'Eve'])
      operators.push({ operator: (await supportOperator(h.app, name)).token });
    for (let round = 0; round < 5; round++) {
      const trader = await h.trader();
      const sent = await sendForm<SupportSent>(
        h.base,
        '/v1/waa/support/send',
        { token: trader.token },
        { text: `r${round}` },
      );
      const id = sent.data.conversation.id;
      const answers = await Promise.all(
        operators.map((op) =>
          call<{ conversation: AdminSupportConversation }>(h.base, adminPath(id, 'assign'), op),
        ),
      );
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes).toEqual([0, 1038]);
      const winner = answers.find((a) => a.body.code === 0)?.body.data.conversation.assignedTo;
      expect(['Dana', 'Eve']).toContain(winner);
      expect((await auditOf(h.app, id)).map((a) => a.action)).toEqual(['support.assign']);
    }
  });
});
