/**
 * The file a cluster primary's workers run (cluster/launcher.ts): this source's main.ts under tsx, and in the
 * server bundle (`server/dist/main.mjs`, scripts/lib/server-build.mjs) the bundle itself — its build writes
 * this module as the bundle's own `import.meta.url` (TR64).
 */
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY: string = fileURLToPath(new URL('./main.ts', import.meta.url));
