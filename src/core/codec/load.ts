/**
 * The only way to reach the field codec: a dynamic import, so crypto-js becomes its own chunk that loads
 * when a widget first encodes or decodes a field, never part of the quotes or chart bundles.
 */

import type * as Codec from './field-codec';

/** The codec module (encodeField, decodeField, encodeRemembered, decodeRemembered, CodecError). */
export type FieldCodec = typeof Codec;

let loading: Promise<FieldCodec> | null = null;

/** Load the field codec once per page. */
export function loadCodec(): Promise<FieldCodec> {
  loading ??= import('./field-codec').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
