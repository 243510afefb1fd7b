import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '../../core/contract/withdrawals';
import type { TicketItem } from '../ticket';
import { queue, withdrawalItem } from './withdrawals';

const WITHDRAWAL: AdminWithdrawal = {
  id: '9',
  uid: 'W1795589900000',
  userUid: '87654321',
  method: 'bank',
  currency: 'USD',
  protocol: null,
  bankName: 'Journey Bank',
  accountLast4: '3000',
  amount: '1000.00',
  usdAmount: '1000.00',
  fee: '25.00',
  practical: '975.00',
  state: 'waiting',
  reason: '',
  createdAt: 1_764_000_100_000,
  reviewedAt: null,
  reviewedBy: null,
};

describe('the withdrawals queue', () => {
  it('reads a bank withdrawal with its fee and payout, the card by bank and last 4', () => {
    expect(withdrawalItem(WITHDRAWAL)).toMatchObject({
      id: '9',
      ticketNo: 'W1795589900000',
      userUid: '87654321',
      amount: '1,000.00',
      currency: 'USD',
      method: 'bank',
      via: 'Journey Bank ****3000',
      fee: '25.00',
      practical: '975.00',
      proofUrl: null,
      fields: [
        ['ticket', 'W1795589900000'],
        ['method', 'bank'],
        ['via', 'Journey Bank ****3000'],
      ],
    });
  });

  it('shows the destination of the detail read: a bank account without its empty fields, or an address', () => {
    const bank = withdrawalItem(WITHDRAWAL, {
      kind: 'bank',
      bankName: 'Journey Bank',
      bankCode: '',
      swiftCode: 'JRNYDEFF',
      bankCountry: 'DE',
      name: 'Alex Trader',
      account: 'DE89370400440532013000',
    });
    expect(bank.fields).toEqual([
      ['ticket', 'W1795589900000'],
      ['method', 'bank'],
      ['bank', 'Journey Bank'],
      ['swift', 'JRNYDEFF'],
      ['country', 'DE'],
      ['payee', 'Alex Trader'],
      ['account', 'DE89370400440532013000'],
    ]);
    const crypto = withdrawalItem(
      {
        ...WITHDRAWAL,
        method: 'crypto',
        currency: 'USDT',
        protocol: 'ERC20',
        bankName: null,
        accountLast4: null,
      },
      { kind: 'crypto', currency: 'USDT', protocol: 'ERC20', address: '0xabc' },
    );
    expect(crypto.via).toBe('USDT · ERC20');
    expect(crypto.fields.slice(2)).toEqual([
      ['coin', 'USDT · ERC20'],
      ['address', '0xabc'],
    ]);
  });

  it('lists the waiting withdrawals, and reads the detail of the selected one by its id', async () => {
    const seen: unknown[] = [];
    const listed = await queue.list.load(async (endpoint, input) => {
      seen.push([endpoint.path, input]);
      return { ok: true, data: { list: [WITHDRAWAL], total: 1 } as never };
    }, undefined);
    expect(listed.ok && listed.data.map((item) => item.userUid)).toEqual(['87654321']);
    const item = withdrawalItem(WITHDRAWAL);
    const detail = await queue.detail!.load(async (endpoint, input) => {
      seen.push([endpoint.path, input]);
      const destination = { kind: 'crypto', currency: 'USDT', protocol: 'TRC20', address: 'T9' };
      return { ok: true, data: { withdrawal: WITHDRAWAL, destination } as never };
    }, item);
    expect(seen).toEqual([
      ['withdrawals', { status: 'waiting' }],
      ['withdrawals/{id}', { id: '9' }],
    ]);
    expect(detail.ok && queue.fields(detail.data, (key) => key).slice(2)).toEqual([
      ['backoffice.queue.field.coin', 'USDT · TRC20'],
      ['backoffice.queues.withdrawals.field.address', 'T9'],
    ]);
  });

  it('shows the fee and the payout among its facts, labelled by its own strings', () => {
    const item = withdrawalItem({ ...WITHDRAWAL, currency: 'USDT', protocol: 'TRC20', method: 'crypto' });
    expect(queue.facts(item)).toEqual([
      { label: 'backoffice.queue.amount', text: '1,000.00 USDT', num: true },
      { label: 'backoffice.queue.usd', text: '1,000.00 USD', num: true },
      { label: 'backoffice.queues.withdrawals.field.fee', text: '25.00 USDT', num: true },
      { label: 'backoffice.queues.withdrawals.field.practical', text: '975.00 USDT', num: true },
    ]);
    expect(queue.fields(withdrawalItem(WITHDRAWAL), (key) => `<${key}>`)).toEqual([
      ['backoffice.queue.field.ticket', 'W1795589900000'],
      ['backoffice.queue.field.method', '<backoffice.queue.field.method_bank>'],
      ['backoffice.queues.withdrawals.field.via', 'Journey Bank ****3000'],
    ]);
  });
});

describe('the withdrawals queue strings', () => {
  const files = import.meta.glob<Record<string, unknown>>(
    ['../../core/i18n/locales/*/backoffice/withdrawals.json', '../../core/i18n/locales/*/backoffice.json'],
    { eager: true, import: 'default' },
  );
  const lookup = (tree: unknown, key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

  it('labels every field it can show, in every language', () => {
    const names = ['via', 'coin', 'address', 'bank', 'bank_code', 'swift', 'country', 'payee', 'account'];
    const every: TicketItem = {
      ...withdrawalItem(WITHDRAWAL),
      fields: [['ticket', 'W1'], ['method', 'bank'], ...names.map((n) => [n, 'x'] as [string, string])],
    };
    const labels = queue.fields(every, (key) => key).map(([label]) => label);
    labels.push(
      ...queue.facts(withdrawalItem(WITHDRAWAL)).map((fact) => fact.label),
      'backoffice.queue.field.method_crypto',
      'backoffice.queue.field.method_bank',
    );
    const languages = new Set(Object.keys(files).map((path) => /locales\/([\w-]+)\//.exec(path)?.[1]));
    expect(languages.size).toBe(12);
    for (const language of languages) {
      const own = Object.entries(files).filter(([path]) => path.includes(`/${language}/`));
      const missing = labels.filter(
        (key) => !own.some(([, tree]) => /\S/.test(String(lookup(tree, key) ?? ''))),
      );
      expect([language, missing]).toEqual([language, []]);
    }
  });
});
