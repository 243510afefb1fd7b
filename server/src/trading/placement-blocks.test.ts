/**
 * `waa/order/placementBlocks` (issue #26, KB1): the registered blocking rules' verdict for the caller's own
 * account, before anything is placed, and the same code the placement then answers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { placementBlocks, type PlacementBlocks } from '../../../src/core/contract/placement';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { optionsHarness, type OptionsHarness } from '../options/test-app';
import { decideWithdrawal, withdrawUsdt } from '../withdrawals/test-support';
import { urlOf } from './test-app';

describeOnBackends('placement blocks, asked before placing', { on: 'both' }, (backend) => {
  let h: OptionsHarness;

  beforeAll(async () => {
    h = await optionsHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
  }, 240_000);
  afterAll(async () => h?.close());

  const ask = (token: string | null, tradePair: string, kind: 'market' | 'option') =>
    h.post<PlacementBlocks>(urlOf(placementBlocks), token, { tradePair, kind });
  /** The codes of the rules that block, in registration order. */
  const codes = async (token: string, tradePair: string, kind: 'market' | 'option') => {
    const answer = await ask(token, tradePair, kind);
    expect(answer.code).toBe(0);
    return answer.data.blocks.map((b) => b.code);
  };

  it('answers nothing for a trader free to trade, and 320 for real forex below the deposit minimum', async () => {
    const user = await h.trader({ credit: '1000' });
    expect(await codes(user.token, 'BTCUSDT', 'market')).toEqual([]);
    expect(await codes(user.token, 'BTCUSDT', 'option')).toEqual([]);
    expect((await ask(user.token, 'eurusd', 'market')).data.blocks).toEqual([
      { rule: 'forex-deposit', code: 320 },
    ]);
    // The forex rule concerns real market orders only.
    expect(await codes(user.token, 'EURUSD', 'option')).toEqual([]);
    expect(await codes(user.demoToken, 'EURUSD', 'market')).toEqual([]);
    expect((await h.order(user.token, { tradePair: 'EURUSD', orderQuantity: '0.01' })).code).toBe(320);
  });

  it('answers 406 while the caller’s withdrawal waits, on the real account only, and nothing once reviewed', async () => {
    const user = await h.trader({ credit: '1000' });
    const other = await h.trader({ credit: '1000' });
    const ticket = await withdrawUsdt(h.app, user, '100');
    expect(ticket.code).toBe(0);
    expect((await ask(user.token, 'BTCUSDT', 'market')).data.blocks).toEqual([
      { rule: 'withdrawal-pending', code: 406 },
    ]);
    expect(await codes(user.token, 'BTCUSDT', 'option')).toEqual([406]);
    expect(await codes(user.demoToken, 'BTCUSDT', 'market')).toEqual([]);
    // Only the caller's own account: someone else's withdrawal blocks nobody else.
    expect(await codes(other.token, 'BTCUSDT', 'market')).toEqual([]);
    // Asking placed and locked nothing, and the placement refuses with the same code.
    expect(toMoney((await h.account(user.id)).lockMargin)).toBe('0.00');
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(406);
    expect((await h.buy(user.token)).code).toBe(406);

    expect((await decideWithdrawal(h.app, ticket.data.id, 'reject')).code).toBe(0);
    expect(await codes(user.token, 'BTCUSDT', 'market')).toEqual([]);
    expect(await codes(user.token, 'BTCUSDT', 'option')).toEqual([]);
  });

  it('answers 405 for a user prohibited from trading, on both accounts, before the 406 of a waiting withdrawal', async () => {
    const user = await h.trader({ credit: '1000' });
    expect((await withdrawUsdt(h.app, user, '100')).code).toBe(0);
    await h.app.db.query('update users set trading_prohibited = true where id = $1', [user.id]);
    expect(await codes(user.token, 'BTCUSDT', 'market')).toEqual([405, 406]);
    expect(await codes(user.token, 'EURUSD', 'market')).toEqual([405, 406, 320]);
    expect(await codes(user.demoToken, 'BTCUSDT', 'option')).toEqual([405]);
    await h.app.db.query('update users set trading_prohibited = false where id = $1', [user.id]);
    expect(await codes(user.demoToken, 'BTCUSDT', 'option')).toEqual([]);
  });

  it('shows a rule registered later (an identity level, an overdue loan) with no change to the route', async () => {
    const user = await h.trader({ credit: '1000' });
    const flagged = new Set([user.id]);
    h.app.tradingEngine.blocking.register({
      name: 'test-identity-level',
      code: 1014,
      appliesTo: { market: true, option: true, real: true, demo: false },
      when: ({ trader }) => trader.userId === user.id,
      check: async (_tx, { trader }) => flagged.has(trader.userId),
    });
    expect((await ask(user.token, 'BTCUSDT', 'option')).data.blocks).toEqual([
      { rule: 'test-identity-level', code: 1014 },
    ]);
    expect((await h.buy(user.token)).code).toBe(1014);
    flagged.clear();
    expect(await codes(user.token, 'BTCUSDT', 'option')).toEqual([]);
  });

  it('refuses an unknown pair (604), a bad kind (1001) and a caller without a session (401)', async () => {
    const user = await h.trader();
    expect((await ask(user.token, 'NOPE', 'market')).code).toBe(604);
    expect(
      (await h.post(urlOf(placementBlocks), user.token, { tradePair: 'BTCUSDT', kind: 'loan' })).code,
    ).toBe(1001);
    expect(
      (await h.call(urlOf(placementBlocks), null, { tradePair: 'BTCUSDT', kind: 'market' })).statusCode,
    ).toBe(401);
  });
});
