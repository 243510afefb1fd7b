import { describe, expect, it } from 'vitest';
import type { AdminDeposit } from '../../core/contract/deposits';
import { depositItem, queue } from './deposits';

const DEPOSIT: AdminDeposit = {
  id: '7',
  uid: 'D1795589851040',
  userUid: '12345678',
  brandId: 'tradekit',
  method: 'crypto',
  coinId: 1,
  currency: 'USDT',
  protocol: 'TRC20',
  amount: '100000.00',
  usdAmount: '100000.00',
  state: 'waiting',
  reason: '',
  createdAt: 1_764_000_000_000,
  reviewedAt: null,
  reviewedBy: null,
  proofUrl: '/admin/v1/deposits/7/proof',
};

describe('the deposits queue', () => {
  it("reads a deposit: the trader is userUid, not the ticket number; the proof is the answer's path", () => {
    expect(depositItem(DEPOSIT)).toEqual({
      id: '7',
      ticketNo: 'D1795589851040',
      userUid: '12345678',
      amount: '100,000.00',
      currency: 'USDT',
      usdAmount: '100,000.00',
      method: 'crypto',
      via: 'USDT · TRC20',
      fee: null,
      practical: null,
      createdAt: 1_764_000_000_000,
      proofUrl: '/admin/v1/deposits/7/proof',
      fields: [
        ['ticket', 'D1795589851040'],
        ['method', 'crypto'],
        ['coin', 'USDT · TRC20'],
      ],
    });
  });

  it.each([
    ['a bank deposit', { method: 'bank', protocol: '', currency: 'USD', proofUrl: null }, 'USD', null],
    ['BTC on its own network', { protocol: 'BTC', currency: 'BTC' }, 'BTC', '/admin/v1/deposits/7/proof'],
  ] as const)('names %s by its currency alone', (_name, change, via, proof) => {
    const item = depositItem({ ...DEPOSIT, ...change });
    expect(item.via).toBe(via);
    expect(item.proofUrl).toBe(proof);
  });

  it('lists the waiting deposits of the admin list, each as an item', async () => {
    const seen: unknown[] = [];
    const answer = await queue.list.load(async (endpoint, input) => {
      seen.push([endpoint.path, input]);
      return {
        ok: true,
        data: { list: [DEPOSIT, { ...DEPOSIT, id: '8' }], page: 1, pages: 1, total: 2 } as never,
      };
    }, undefined);
    expect(seen).toEqual([['deposits', { status: 'waiting' }]]);
    expect(answer.ok && answer.data.map((item) => item.id)).toEqual(['7', '8']);
  });

  it('shows its amount, its USD value unless in USD, and the method by its name', () => {
    const item = depositItem(DEPOSIT);
    expect(queue.row(item)).toEqual({ title: '100,000.00 USDT', note: 'USDT · TRC20' });
    expect(queue.facts(item)).toEqual([
      { label: 'backoffice.queue.amount', text: '100,000.00 USDT', num: true },
      { label: 'backoffice.queue.usd', text: '100,000.00 USD', num: true },
    ]);
    expect(queue.facts(depositItem({ ...DEPOSIT, currency: 'USD' })).map((fact) => fact.label)).toEqual([
      'backoffice.queue.amount',
    ]);
    expect(queue.fields(item, (key) => `<${key}>`)).toEqual([
      ['backoffice.queue.field.ticket', 'D1795589851040'],
      ['backoffice.queue.field.method', '<backoffice.queue.field.method_crypto>'],
      ['backoffice.queue.field.coin', 'USDT · TRC20'],
    ]);
  });
});
