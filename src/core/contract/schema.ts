/**
 * Schema builders of the contract: TypeBox (JSON Schema + static types) plus the bounded primitives every
 * endpoint uses. Validation at the boundary lives here, once: every string has a maximum length and no control
 * characters, every number a range, so that no endpoint can forget a bound (docs/security.md).
 *
 * Browser builds replace `typebox` with `typebox-shim.ts` (vite.config.ts): schemas are needed by the server,
 * the OpenAPI document and the tests, never by a widget, so a widget bundle carries none of them.
 */
import Type, { type Static, type TEnum, type TSchema } from 'typebox';

export { Type as T };
export type { Static, TSchema };

/** No C0 control character nor DEL anywhere in the string (NUL bytes would reach PostgreSQL). */
export const NO_CONTROL_CHARS = '^[^\\u0000-\\u001F\\u007F]*$';
/** A decimal number written plainly: optional minus, digits, optional fraction. */
export const DECIMAL_PATTERN = '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$';
/** Same as DECIMAL_PATTERN, never negative. */
export const UNSIGNED_DECIMAL_PATTERN = '^(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$';

interface StringOptions {
  minLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
  default?: string;
}

/** A string of at most `maxLength` characters without control characters (the pattern may be narrower). */
export const Str = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ maxLength, pattern: NO_CONTROL_CHARS, ...options });

/** An integer within [minimum, maximum] (JSON numbers only in bodies; both ends are required on purpose). */
export const Int = (minimum: number, maximum: number, options: { description?: string; default?: number } = {}) =>
  Type.Integer({ minimum, maximum, ...options });

/** A decimal amount or price as a string ("12.5"); `signed` allows a minus sign. */
export const Dec = (options: { signed?: boolean; description?: string } = {}) =>
  Type.String({
    maxLength: 40,
    pattern: options.signed ? DECIMAL_PATTERN : UNSIGNED_DECIMAL_PATTERN,
    ...(options.description ? { description: options.description } : {}),
  });

/** A decimal in answers: the server writes it, so only its shape is described. */
export const DecOut = (description?: string) =>
  Type.String(description ? { pattern: DECIMAL_PATTERN, description } : { pattern: DECIMAL_PATTERN });

/** Milliseconds since the Unix epoch. */
export const EpochMs = (description?: string) =>
  Type.Integer(description ? { minimum: 0, description } : { minimum: 0 });

/** One of the given values (`enum`). */
export const OneOf = <const V extends readonly (string | number)[]>(values: V, description?: string) =>
  // The cast keeps the literal values in the static type (without it `Static` widens to string | number).
  Type.Enum([...values] as [...V], {
    type: values.every((v) => typeof v === 'number') ? 'integer' : 'string',
    ...(description ? { description } : {}),
  }) as unknown as TEnum<[...V]>;

/** An object whose unknown properties are stripped (Ajv `removeAdditional`) rather than refused. */
export const Obj = <P extends Parameters<typeof Type.Object>[0]>(properties: P, description?: string) =>
  Type.Object(properties, {
    additionalProperties: false,
    ...(description ? { description } : {}),
  });

/** The empty input of endpoints that take nothing. */
export const Empty = () => Obj({});

/** `T | null`. */
export const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
