/**
 * Response serializers of every route, compiled once per process: Fastify's own factory compiles each route's
 * response schemas with fast-json-stringify whenever an app is made ready, so each app of a process (the
 * server test files share one process per worker, TR7) paid for every route again — about 8 % of the server
 * suites' CPU (TR35). A serializer depends only on its schema's JSON and the serializer options, so it is kept
 * under both, written out (most routes build their answer's schema when they are registered, so the objects
 * of two apps differ). With shared schemas (`addSchema`), which no route uses today, it compiles as Fastify
 * would.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';

type Compile = FastifySerializerCompiler<unknown>;
type RouteSchema = Parameters<Compile>[0];
type Serializer = ReturnType<Compile>;

const fastifyFactory = SerializerSelector();
/** By serializer options and schema, as JSON: the serializer. */
const compiled = new Map<string, Serializer>();

/** `schemaController.compilersFactory.buildSerializer` of the app. */
export function buildSerializer(externalSchemas: unknown, serializerOpts: unknown): Compile {
  const compile = fastifyFactory(externalSchemas as never, serializerOpts as never) as Compile;
  const shared = externalSchemas !== undefined && Object.keys(externalSchemas as object).length > 0;
  if (shared) return compile;
  const options = JSON.stringify(serializerOpts ?? {});
  return (route: RouteSchema) => {
    let key: string;
    try {
      key = `${options}\n${JSON.stringify(route.schema)}`;
    } catch {
      return compile(route); // a schema that is no JSON (a cycle): as Fastify would
    }
    let serializer = compiled.get(key);
    if (!serializer) compiled.set(key, (serializer = compile(route)));
    return serializer;
  };
}
