/** The server's source entry, server/src/main.ts. */
export const SERVER_SOURCE: string;
/** The bundled server, server/dist/main.mjs (see server-build.mjs). */
export const SERVER_BUNDLE: string;
/** `source` of `file` with its `import.meta.url` written as its own URL resolved from `bundle`. */
export function rewriteMeta(source: string, file: string, bundle?: string): string;
/** True when the bundle is missing, or a file it was made of (or its builder, or tsconfig.json) changed or went since. */
export function serverBuildIsStale(paths?: { bundle: string; inputs: string }): boolean;
/** Bundles the server into SERVER_BUNDLE. */
export function buildServer(): Promise<void>;
/** Builds the bundle when it is stale. */
export function ensureServerBuild(): Promise<void>;
/** Builds the bundle in a child process when it is stale. */
export function ensureServerBuildSync(): void;
/** vitest globalSetup: builds the bundle when it is stale. */
export function setup(): Promise<void>;
