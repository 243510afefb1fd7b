import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { buildSerializer } from './serialization';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const answer = () => Type.Object({ code: Type.Integer(), data: Type.Object({ price: Type.String() }) });

describe('response serializers kept per process (TR35)', () => {
  it('compiles a schema once: a second app with its own copy of the schema gets the same serializer', () => {
    const first = buildSerializer({}, {})(route(answer()));
    const second = buildSerializer({}, {})(route(answer()));
    expect(second).toBe(first);
    // It serializes as Fastify's own does: the schema's fields only, in their types.
    expect(first({ code: 0, data: { price: '1.5', secret: 'x' }, extra: 1 })).toBe(
      '{"code":0,"data":{"price":"1.5"}}',
    );
  });

  it('keeps apart schemas that differ and serializer options that differ', () => {
    const serializer = buildSerializer({}, {})(route(answer()));
    const other = buildSerializer({}, {})(route(Type.Object({ code: Type.Integer() })));
    expect(other).not.toBe(serializer);
    expect(other({ code: 1, data: {} })).toBe('{"code":1}');
    expect(buildSerializer({}, { rounding: 'floor' })(route(answer()))).not.toBe(serializer);
  });

  it('compiles as Fastify would with shared schemas or a schema that is no JSON', () => {
    const shared = { price: { $id: 'price', type: 'string' } };
    const a = buildSerializer(shared, {})(route(answer()));
    expect(buildSerializer(shared, {})(route(answer()))).not.toBe(a);
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = { type: 'string', back: cyclic };
    // fast-json-stringify's own refusal, not JSON.stringify's.
    expect(() => buildSerializer({}, {})(route(cyclic))).toThrow(/use \$ref instead/);
  });
});
