/**
 * Bank cards (spec §7 `user/bank/all`, `one`, `insert`, `update`, `delete`). The personal fields arrive
 * encoded with the session's key, are checked decoded, and are kept sealed at rest in one JSON document
 * (`personal_sealed`) with the account's last 4 characters beside it. Every query names the owner: another
 * user's card is answered exactly like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  BANK_ADDRESS_MAX,
  BANK_CARD_MAX,
  BANK_PLAIN_MAX,
  BankCardDelete,
  BankCardInsert,
  BankCardList,
  BankCardOne,
  BankCardUpdate,
  ENCODED_BANK_FIELDS,
  type BankCard,
  type BankCardInput,
  type EncodedBankField,
} from '../../../src/core/contract/payees';
import type { Queryable } from '../db/types';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { checkPersonal, checkText, last4, type Checked } from './fields';
import { payeesAllowed } from './guard';
import { sessionCodec, type SessionCodec } from '../cashier';

type Personal = Record<EncodedBankField, string>;

/** The plain columns and their limits (input name → column). */
const PLAIN = [
  ['bankName', 'bank_name', BANK_PLAIN_MAX],
  ['bankCode', 'bank_code', 32],
  ['bankAddress', 'bank_address', BANK_ADDRESS_MAX],
  ['swiftCode', 'swift_code', 32],
  ['branchCode', 'branch_code', 32],
  ['bankCountry', 'bank_country', 64],
  ['accountType', 'account_type', 32],
  ['postCode', 'post_code', 32],
  ['insNum', 'ins_num', 32],
  ['traNum', 'tra_num', 32],
] as const;
type PlainName = (typeof PLAIN)[number][0];
type Plain = Record<PlainName, string>;

interface Row {
  id: string;
  bank_name: string;
  bank_code: string;
  bank_address: string;
  swift_code: string;
  branch_code: string;
  bank_country: string;
  account_type: string;
  post_code: string;
  ins_num: string;
  tra_num: string;
  personal_sealed: string;
  account_last4: string;
}

const COLUMNS = `id::text, ${PLAIN.map(([, column]) => column).join(', ')}, personal_sealed, account_last4`;

function must(checked: Checked): string {
  if (!checked.ok) throw new BusinessError(checked.code);
  return checked.value;
}

/** The checked card: plain fields and decoded personal fields (answers 1001/23558 on a bad value). */
function readInput(input: BankCardInput, codec: SessionCodec): { plain: Plain; personal: Personal } {
  const plain = {} as Plain;
  for (const [name, , max] of PLAIN) plain[name] = must(checkText(input[name], max, name === 'bankName'));
  const personal = {} as Personal;
  for (const field of ENCODED_BANK_FIELDS) {
    personal[field] = must(checkPersonal(field, codec.decode(input[field])));
  }
  return { plain, personal };
}

function toCard(app: FastifyInstance, row: Row, codec: SessionCodec): BankCard {
  const personal = JSON.parse(app.cashier.sealer.open(row.personal_sealed)) as Partial<Personal>;
  const encoded = {} as Personal;
  for (const field of ENCODED_BANK_FIELDS) encoded[field] = codec.encode(personal[field] ?? '');
  return {
    id: row.id,
    bankName: row.bank_name,
    bankCode: row.bank_code,
    bankAddress: row.bank_address,
    swiftCode: row.swift_code,
    branchCode: row.branch_code,
    bankCountry: row.bank_country,
    accountType: row.account_type,
    postCode: row.post_code,
    insNum: row.ins_num,
    traNum: row.tra_num,
    ...encoded,
    accountLast4: row.account_last4,
  };
}

async function findCard(q: Queryable, userId: string, id: string, lock = false): Promise<Row | undefined> {
  const { rows } = await q.query<Row>(
    `select ${COLUMNS} from bank_cards where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, userId],
  );
  return rows[0];
}

/** The one answer for a card that is missing or not the caller's. */
const notFound = () => new BusinessError(Code.DATA_NOT_FOUND);

async function allowed(app: FastifyInstance, request: FastifyRequest): Promise<SessionCodec> {
  payeesAllowed(app, request, 'bank');
  return sessionCodec(app, request);
}

export function bankCardRoutes(app: FastifyInstance): void {
  const sealer = app.cashier.sealer;

  route(app, BankCardList, async (_input, { request }) => {
    const codec = await allowed(app, request);
    const { rows } = await app.db.query<Row>(
      `select ${COLUMNS} from bank_cards where user_id = $1 order by id`,
      [request.auth.userId],
    );
    return ok({ list: rows.map((row) => toCard(app, row, codec)) });
  });

  route(app, BankCardOne, async (input, { request }) => {
    const codec = await allowed(app, request);
    const row = await findCard(app.db, request.auth.userId, input.id);
    if (!row) throw notFound();
    return ok({ dto: toCard(app, row, codec) });
  });

  route(app, BankCardInsert, async (input, { request }) => {
    const codec = await allowed(app, request);
    const { plain, personal } = readInput(input, codec);
    const { userId } = request.auth;
    const id = await app.db.transaction(async (tx) => {
      // One insert at a time per user, so the limit holds under concurrent requests.
      await tx.query('select id from users where id = $1 for update', [userId]);
      const { rows } = await tx.query<{ n: number }>(
        'select count(*)::int as n from bank_cards where user_id = $1',
        [userId],
      );
      if ((rows[0]?.n ?? 0) >= BANK_CARD_MAX) throw new BusinessError(Code.MAX_TARGET_VALUE);
      const values = PLAIN.map(([name]) => plain[name]);
      const inserted = await tx.query<{ id: string }>(
        `insert into bank_cards (user_id, ${PLAIN.map(([, column]) => column).join(', ')}, personal_sealed,
                                 account_last4)
         values ($1, ${PLAIN.map((_, i) => `$${i + 2}`).join(', ')}, $${PLAIN.length + 2}, $${PLAIN.length + 3})
         returning id::text`,
        [userId, ...values, sealer.seal(JSON.stringify(personal)), last4(personal.account)],
      );
      return (inserted.rows[0] as { id: string }).id;
    });
    return ok({ id });
  });

  route(app, BankCardUpdate, async (input, { request }) => {
    const codec = await allowed(app, request);
    const { id, ...fields } = input;
    const { plain, personal } = readInput(fields, codec);
    const set = PLAIN.map(([, column], i) => `${column} = $${i + 3}`).join(', ');
    const { rows } = await app.db.query<{ id: string }>(
      `update bank_cards set ${set}, personal_sealed = $${PLAIN.length + 3},
              account_last4 = $${PLAIN.length + 4}, updated_at = now()
        where id = $1 and user_id = $2 returning id::text`,
      [
        id,
        request.auth.userId,
        ...PLAIN.map(([name]) => plain[name]),
        sealer.seal(JSON.stringify(personal)),
        last4(personal.account),
      ],
    );
    if (!rows[0]) throw notFound();
    return ok({ id: rows[0].id });
  });

  route(app, BankCardDelete, async (input, { request }) => {
    await allowed(app, request);
    const { userId } = request.auth;
    await app.db.transaction(async (tx) => {
      // The row lock waits for a withdrawal being submitted against this card (its foreign key locks the
      // card too), so the check below sees it.
      if (!(await findCard(tx, userId, input.id, true))) throw notFound();
      const { rows } = await tx.query(
        `select 1 from cash_tickets where bank_card_id = $1 and action_type = 1 and state = 'waiting' limit 1`,
        [input.id],
      );
      if (rows.length > 0) throw new BusinessError(Code.WITHDRAWAL_PENDING);
      await tx.query('delete from bank_cards where id = $1 and user_id = $2', [input.id, userId]);
    });
    return ok({ id: input.id });
  });
}
