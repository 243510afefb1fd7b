import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { brandFlag } from '../accounts';
import { BusinessError } from '../http/envelope';

/**
 * Whether the caller may keep payees of this kind (decisions: payees): never on a demo session (spec §6); bank
 * cards need the brand's `user/bankCard`; crypto addresses need `user/cryptoWallet` on and
 * `NO_WALLET_WITHDRAW` off. Refused with 23523 (operation illegal status).
 */
export function payeesAllowed(app: FastifyInstance, request: FastifyRequest, kind: 'bank' | 'crypto'): void {
  const { brandId, virtual } = request.auth;
  const on =
    kind === 'bank'
      ? brandFlag(app, brandId, 'user/bankCard')
      : brandFlag(app, brandId, 'user/cryptoWallet') && !brandFlag(app, brandId, 'NO_WALLET_WITHDRAW');
  if (virtual || !on) throw new BusinessError(Code.ILLEGAL_STATUS);
}
