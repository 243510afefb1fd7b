/**
 * What browser builds load instead of `typebox` (vite.config.ts `resolve.alias`). Every builder the contract
 * uses answers `undefined`, so the schema declarations of `src/core/contract` cost a widget nothing but the
 * few endpoint fields it reads (service, path, access, methods): schemas serve the server, the OpenAPI
 * document and the tests, never a browser. `typebox-shim.test.ts` keeps this list complete.
 */
const none = (..._args: unknown[]): undefined => undefined;

export const Type = {
  Any: none,
  Array: none,
  Boolean: none,
  Composite: none,
  Enum: none,
  Integer: none,
  Intersect: none,
  KeyOf: none,
  Literal: none,
  Null: none,
  Number: none,
  Object: none,
  Omit: none,
  Optional: none,
  Partial: none,
  Pick: none,
  Readonly: none,
  Record: none,
  Ref: none,
  Required: none,
  String: none,
  Tuple: none,
  Union: none,
  Unknown: none,
  Unsafe: none,
};

export default Type;
