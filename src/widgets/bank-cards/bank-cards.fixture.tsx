/**
 * Renders <BankCards> on a real platform and session (core/session's scripted-server harness) over a
 * scripted bank card server that decodes and encodes the personal fields with the session key, as the real
 * one does.
 */
import type { BankCard } from '../../core/contract/payees';
import { decodeField, encodeField } from '../../core/codec/field-codec';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { BankCards } from './bank-cards';
import type { BankCardsProps } from './bank-cards';

/** The session key of the harness token (makeToken). */
export const AES_KEY = 'k'.repeat(32);

const PERSONAL = ['name', 'account', 'address', 'idNumber', 'phoneNumber'] as const;

/** A stored card, personal fields in clear (the server answers them encoded). */
export type StoredCard = Omit<BankCard, 'accountLast4'>;

/** One card in clear. */
export function storedCard(overrides: Partial<StoredCard> = {}): StoredCard {
  return {
    id: '1',
    bankName: 'Barclays',
    bankCode: 'aib',
    bankAddress: '',
    swiftCode: 'BUKBGB22',
    branchCode: '',
    bankCountry: 'GB',
    name: 'Ada Lovelace',
    account: 'GB33 BUKB 2020 1555 5555 55',
    address: '',
    postCode: '',
    idNumber: '',
    phoneNumber: '+442079460958',
    accountType: '',
    insNum: '',
    traNum: '',
    ...overrides,
  };
}

const last4 = (account: string) => account.replace(/[\s-]/g, '').slice(-4);

/** A scripted bank card server over `cards` (in clear). */
export class CardServer {
  next = 100;
  constructor(public cards: StoredCard[]) {}
  private answer(card: StoredCard): BankCard {
    const out = { ...card, accountLast4: last4(card.account) };
    for (const f of PERSONAL) out[f] = card[f] === '' ? '' : encodeField(card[f], AES_KEY);
    return out;
  }
  private decode(body: Record<string, unknown>): StoredCard {
    const card = { ...storedCard(), ...(body as Partial<StoredCard>) };
    for (const f of PERSONAL) {
      const v = String(body[f] ?? '');
      card[f] = v === '' ? '' : decodeField(v, AES_KEY);
    }
    return card;
  }
  all = (): Answer => ({ code: 0, data: { list: this.cards.map((c) => this.answer(c)) } });
  one = (body: Record<string, unknown>): Answer => {
    const card = this.cards.find((c) => c.id === body.id);
    return card ? { code: 0, data: { dto: this.answer(card) } } : { code: 1008, msg: 'data not found' };
  };
  insert = (body: Record<string, unknown>): Answer => {
    const id = String(this.next++);
    this.cards.push({ ...this.decode(body), id });
    return { code: 0, data: { id } };
  };
  update = (body: Record<string, unknown>): Answer => {
    const i = this.cards.findIndex((c) => c.id === body.id);
    if (i < 0) return { code: 1008, msg: 'data not found' };
    this.cards[i] = { ...this.decode(body), id: String(body.id) };
    return { code: 0, data: { id: body.id } };
  };
  remove = (body: Record<string, unknown>): Answer => {
    this.cards = this.cards.filter((c) => c.id !== body.id);
    return { code: 0, data: { id: body.id } };
  };
}

/** A rendered widget with its harness and server. */
export interface RenderedCards extends RenderedWidget {
  server: CardServer;
}

/** Render `<BankCards {...props}>` signed in (unless told otherwise) over `server`. */
export async function renderBankCards(
  server: CardServer,
  props: BankCardsProps = {},
  options: { signedIn?: boolean; virtual?: boolean } = {},
): Promise<RenderedCards> {
  const h = createHarness({
    handlers: {
      'waa/user/bank/all': server.all,
      'waa/user/bank/one': server.one,
      'waa/user/bank/insert': server.insert,
      'waa/user/bank/update': server.update,
      'waa/user/bank/delete': server.remove,
    },
  });
  return { ...(await renderWidget(h, <BankCards {...props} />, options)), server };
}
