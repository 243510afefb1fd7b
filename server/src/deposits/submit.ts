/**
 * `user/deposit` (multipart): reads the `depositProof` image and the `metaData` JSON, checks them against the
 * brand's deposit settings and creates a waiting ticket at the coin's USD price now. No money moves here.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  DEPOSIT_METHODS,
  DEPOSIT_PROOF_DAY_MAX_BYTES,
  DEPOSIT_PROOF_MAX_BYTES,
  DEPOSIT_WAITING_MAX,
  type DepositMeta,
  type DepositMethod,
  type DepositTicket,
} from '../../../src/core/contract/deposits';
import { compare } from '../../../src/core/domain/decimal';
import {
  brandDepositMinimumUsd,
  DEPOSIT_AMOUNT_MAX_LENGTH,
  DEPOSIT_MAX_USD,
  depositAmountProblem,
  depositUsdValue,
} from '../../../src/core/domain/deposit';
import { brandFlag } from '../accounts';
import { coinUsdPrice, findCoin } from '../cashier';
import { BusinessError } from '../http/envelope';
import type { BeforeCommit } from '../http/idempotency';
import { toMoney } from '../ledger';
import { detectImageType, IMAGE_CONTENT_TYPES, IMAGE_SNIFF_BYTES } from '../users';
import { depositLoadOf, insertDeposit, listDepositBanks, type DepositRow, type NewDeposit } from './repo';

const BAD = Code.INCORRECT_PARAMETER;

/** The parts of a submission as read from the stream. */
export interface Parts {
  meta: string | undefined;
  proof: Buffer | undefined;
}

/** Multipart limit errors of @fastify/multipart as business answers. */
function partsFailure(error: unknown): BusinessError | null {
  if (error instanceof BusinessError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BusinessError(BAD, 'image larger than 10 MB');
  if (code.startsWith('FST_')) return new BusinessError(BAD);
  return null;
}

/**
 * Reads the whole submission into memory (the proof is at most 10 MB). The route does this before its
 * Idempotency-Key is reserved, so the key's fingerprint covers the fields and the image's bytes.
 */
export async function readParts(request: FastifyRequest): Promise<Parts> {
  if (!request.isMultipart()) throw new BusinessError(BAD);
  const parts: Parts = { meta: undefined, proof: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'depositProof' || parts.proof) throw new BusinessError(BAD);
        parts.proof = await part.toBuffer();
      } else if (part.fieldname === 'metaData') {
        parts.meta = String(part.value);
      }
    }
  } catch (error) {
    throw partsFailure(error) ?? error;
  }
  return parts;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Parses `metaData`; anything of the wrong shape answers 1001. */
export function parseDepositMeta(text: string | undefined): DepositMeta {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new BusinessError(BAD, 'metaData must be JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BusinessError(BAD);
  const m = value as Record<string, unknown>;
  const amt = typeof m.amt === 'number' ? String(m.amt) : m.amt;
  if (typeof amt !== 'string' || amt.length > DEPOSIT_AMOUNT_MAX_LENGTH) throw new BusinessError(BAD);
  const type = m.type ?? 'crypto';
  if (!DEPOSIT_METHODS.includes(type as DepositMethod)) throw new BusinessError(BAD);
  if (m.coinId !== undefined && !isInt(m.coinId)) throw new BusinessError(BAD);
  if (m.bankId !== undefined && m.bankId !== null && !isInt(m.bankId)) throw new BusinessError(BAD);
  if (m.locale !== undefined && (typeof m.locale !== 'string' || m.locale.length > 16))
    throw new BusinessError(BAD);
  if (m.agreement !== undefined && typeof m.agreement !== 'boolean') throw new BusinessError(BAD);
  if (m.agreement === false) throw new BusinessError(BAD, 'the deposit agreement must be read');
  return {
    type: type as DepositMethod,
    ...(isInt(m.coinId) ? { coinId: m.coinId } : {}),
    ...(isInt(m.bankId) ? { bankId: m.bankId } : {}),
    amt,
    ...(typeof m.locale === 'string' ? { locale: m.locale } : {}),
  };
}

/** The amount checks of spec §5 as server codes: shape 1001, decimals 1065, not above 0 1036. */
function checkAmount(amt: string): void {
  const problem = depositAmountProblem(amt);
  if (problem === 'decimals') throw new BusinessError(Code.INCORRECT_DECIMALS);
  if (problem === 'not_positive') throw new BusinessError(Code.NOT_CORRECT_AMOUNT);
  if (problem) throw new BusinessError(BAD, 'amount');
}

/** A day: the window of `DEPOSIT_PROOF_DAY_MAX_BYTES`. */
const PROOF_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Inserts the ticket unless the user already has `DEPOSIT_WAITING_MAX` deposits waiting or the proof would
 * take the day's proof bytes beyond `DEPOSIT_PROOF_DAY_MAX_BYTES` (1010). The check runs after taking the
 * user's row lock, as the payee limits do, so it holds under parallel submissions.
 */
async function fileDeposit(
  app: FastifyInstance,
  row: NewDeposit,
  beforeCommit: BeforeCommit<DepositRow>,
): Promise<DepositRow> {
  return app.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [row.userId]);
    const load = await depositLoadOf(tx, row.userId, PROOF_WINDOW_MS);
    if (load.waiting >= DEPOSIT_WAITING_MAX) {
      throw new BusinessError(Code.MAX_TARGET_VALUE, 'too many deposits waiting for review');
    }
    if (load.proofBytes + row.proof.length > DEPOSIT_PROOF_DAY_MAX_BYTES) {
      throw new BusinessError(Code.MAX_TARGET_VALUE, 'proof images of today above the limit');
    }
    const filed = await insertDeposit(tx, row);
    await beforeCommit(tx, filed);
    return filed;
  });
}

function ticketUid(): string {
  return `D${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The owner's view of a ticket. */
export function toDepositTicket(row: DepositRow): DepositTicket {
  return {
    id: row.id,
    uid: row.uid,
    method: row.method,
    currency: row.currency,
    amount: toMoney(row.amount),
    usdAmount: toMoney(row.usdAmount),
    payState: row.state,
    submitTimeTs: row.createdAt,
  };
}

/**
 * Handles one submission of the signed-in user. `beforeCommit` runs in the transaction that files the ticket
 * (the route stores its answer there, IK1).
 */
export async function submitDeposit(
  app: FastifyInstance,
  request: FastifyRequest,
  parts: Parts,
  beforeCommit: BeforeCommit<DepositRow>,
): Promise<DepositRow> {
  const { userId, brandId, virtual } = request.auth;
  // The demo account has no deposit (spec §6); a brand may switch deposits off (disableDeposit).
  if (virtual || brandFlag(app, brandId, 'disableDeposit')) throw new BusinessError(Code.ILLEGAL_STATUS);
  // Who may deposit at all (a brand may ask for an identity level first; issue #20).
  const refused = await app.accounts.actionRules.refusal(app.db, 'deposit', { userId, brandId });
  if (refused) throw new BusinessError(refused);
  const meta = parseDepositMeta(parts.meta);
  const brand = app.brand.get(brandId);
  const method = meta.type ?? 'crypto';
  if (!brand?.settings.depositTypes.includes(method)) throw new BusinessError(Code.ILLEGAL_STATUS);
  if (method === 'crypto' && brandFlag(app, brandId, 'depositHideCrypto'))
    throw new BusinessError(Code.ILLEGAL_STATUS);
  checkAmount(meta.amt);

  if (!parts.proof || parts.proof.length === 0) throw new BusinessError(Code.UPLOAD_EMPTY);
  if (parts.proof.length > DEPOSIT_PROOF_MAX_BYTES) throw new BusinessError(BAD, 'image larger than 10 MB');
  const type = detectImageType(parts.proof.subarray(0, IMAGE_SNIFF_BYTES));
  if (!type) throw new BusinessError(BAD, 'illegal image type (jpeg, png or heic)');

  let coinId: number | null = null;
  let bankId: number | null = null;
  let currency = 'USD';
  let usdPrice = '1';
  if (method === 'crypto') {
    const coin = meta.coinId === undefined ? null : await findCoin(app.db, meta.coinId);
    if (!coin) throw new BusinessError(Code.COIN_NOT_FOUND);
    const price = coinUsdPrice(coin, app.cashier.bidOf);
    if (price === null) throw new BusinessError(Code.TRY_AGAIN_LATER);
    coinId = coin.id;
    currency = coin.currency;
    usdPrice = price;
  } else if (!brandFlag(app, brandId, 'depositBanNewFlow')) {
    // Without the fixed-USD flow the wire names one of the brand's bank accounts.
    const banks = await listDepositBanks(app.db, brandId);
    const bank = banks.find((b) => b.id === meta.bankId);
    if (!bank) throw new BusinessError(BAD, 'unknown bank account');
    // Wires are valued 1:1 in USD: an account in another currency has no price source here.
    if (bank.currency !== 'USD') throw new BusinessError(Code.CURRENCY_NOT_FOUND);
    bankId = bank.id;
    currency = bank.currency;
  }
  const usdAmount = depositUsdValue(meta.amt, usdPrice);
  // Checked here, before SQL: a value beyond the NUMERIC(28, 8) columns would otherwise fail the insert.
  if (compare(usdAmount, DEPOSIT_MAX_USD) > 0) {
    throw new BusinessError(Code.NOT_CORRECT_AMOUNT, 'above the maximum deposit');
  }
  // The brand's minimum: the request's `locale` is only what the client shows.
  if (compare(usdAmount, brandDepositMinimumUsd(brand.settings.languages)) < 0) {
    throw new BusinessError(Code.NOT_CORRECT_AMOUNT, 'below the minimum deposit');
  }
  return fileDeposit(
    app,
    {
      uid: ticketUid(),
      userId,
      method,
      coinId,
      bankId,
      currency,
      amount: meta.amt,
      usdAmount,
      proof: parts.proof,
      proofType: IMAGE_CONTENT_TYPES[type],
    },
    beforeCommit,
  );
}
