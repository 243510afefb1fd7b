/**
 * The cashier module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { recordAudit } from './audit';
export { coinUsdPrice, findCoin, listCoins } from './coins';
export type { Coin } from './coins';
export { toCoinOption } from './routes';
export type { Sealer } from './plugin';
export { FieldCodecError, decodeField, encodeField, sessionAesKey, sessionCodec } from './field-codec';
export type { SessionCodec } from './field-codec';
