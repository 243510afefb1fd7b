/**
 * Saved crypto addresses (spec §7 `cryptocurrency/user/wallet/all`, `/insert`, `/delete`) and the coin list the
 * add form picks from (`cryptocurrency/simple/find/all`). The address arrives encoded with the session's key, is
 * checked against its network, kept sealed with a keyed hash beside it (duplicates are found without
 * decrypting), and answered encoded.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  CRYPTO_ADDRESS_MAX,
  CRYPTO_ADDRESS_PAGE_SIZE,
  CryptoAddressDelete,
  CryptoAddressInsert,
  CryptoAddressList,
} from '../../../src/core/contract/payees';
import { addressFits, addressKey } from '../../../src/core/domain/crypto-address';
import { findCoin } from '../cashier';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { payeesAllowed } from './guard';
import { sessionCodec } from '../cashier';

interface Row {
  id: string;
  coin_id: number;
  currency: string;
  protocol: string;
  address_sealed: string;
  min_withdraw: string;
  max_withdraw: string;
  logo_url: string;
}

export function cryptoAddressRoutes(app: FastifyInstance): void {
  const sealer = app.cashier.sealer;

  route(app, CryptoAddressList, async (input, { request }) => {
    payeesAllowed(app, request, 'crypto');
    const codec = await sessionCodec(app, request);
    const pageNum = input.pageNum ?? 1;
    const pageSize = input.pageSize ?? CRYPTO_ADDRESS_PAGE_SIZE;
    const { userId } = request.auth;
    const [{ rows }, count] = await Promise.all([
      app.db.query<Row>(
        `select a.id::text, a.coin_id, c.currency, c.protocol, a.address_sealed, c.min_withdraw::text,
                c.max_withdraw::text, c.logo_url
           from crypto_addresses a join cash_coins c on c.id = a.coin_id
          where a.user_id = $1 order by a.id limit $2 offset $3`,
        [userId, pageSize, (pageNum - 1) * pageSize],
      ),
      app.db.query<{ n: number }>('select count(*)::int as n from crypto_addresses where user_id = $1', [
        userId,
      ]),
    ]);
    return ok({
      list: rows.map((row) => ({
        walletId: row.id,
        currencyId: Number(row.coin_id),
        currencyName: row.currency,
        protocol: row.protocol,
        cryptocurrencyAddress: codec.encode(sealer.open(row.address_sealed)),
        minWithdrawAmount: row.min_withdraw,
        maxWithdrawAmount: row.max_withdraw,
        logoUrl: row.logo_url,
      })),
      total: count.rows[0]?.n ?? 0,
    });
  });

  route(app, CryptoAddressInsert, async (input, { request }) => {
    payeesAllowed(app, request, 'crypto');
    const codec = await sessionCodec(app, request);
    const coin = await findCoin(app.db, input.currencyId);
    if (!coin) throw new BusinessError(Code.COIN_NOT_FOUND);
    const address = codec.decode(input.cryptocurrencyAddress).trim();
    if (address === '') throw new BusinessError(Code.ADDRESS_EMPTY);
    if (!addressFits(coin.protocol, address)) throw new BusinessError(Code.WALLET_CANNOT_BE_USED);
    const { userId } = request.auth;
    const walletId = await app.db.transaction(async (tx) => {
      // One insert at a time per user, so the limit holds under concurrent requests.
      await tx.query('select id from users where id = $1 for update', [userId]);
      const { rows } = await tx.query<{ n: number }>(
        'select count(*)::int as n from crypto_addresses where user_id = $1',
        [userId],
      );
      if ((rows[0]?.n ?? 0) >= CRYPTO_ADDRESS_MAX) throw new BusinessError(Code.MAX_TARGET_VALUE);
      const inserted = await tx.query<{ id: string }>(
        `insert into crypto_addresses (user_id, coin_id, address_sealed, address_hash) values ($1, $2, $3, $4)
         on conflict (user_id, coin_id, address_hash) do nothing returning id::text`,
        [
          userId,
          coin.id,
          sealer.seal(address),
          sealer.hash(`${coin.id}:${addressKey(coin.protocol, address)}`),
        ],
      );
      const row = inserted.rows[0];
      if (!row) throw new BusinessError(Code.CURRENCY_DUPLICATED);
      return row.id;
    });
    return ok({ walletId });
  });

  route(app, CryptoAddressDelete, async (input, { request }) => {
    payeesAllowed(app, request, 'crypto');
    const { rows } = await app.db.query<{ id: string }>(
      'delete from crypto_addresses where id = $1 and user_id = $2 returning id::text',
      [input.walletId, request.auth.userId],
    );
    // A missing id and another user's id get the same answer.
    if (!rows[0]) throw new BusinessError(Code.CRYPTO_WALLET_NOT_FOUND);
    return ok({ walletId: rows[0].id });
  });
}
