// `npm start`: build the site and widgets when dist/ is missing or older than the sources, and the server's
// bundle when it is (server/dist/main.mjs, TR64), then run the reference server (it prints its URL).
// `npm start -- --workers N` (or WORKERS=N) runs N server processes behind one port on the PostgreSQL of
// DATABASE_URL: this process is then their primary (server/src/cluster/launcher.ts).
import { pathToFileURL } from 'node:url';
import { ensureBuild } from './lib/build.mjs';
import { ensureServerBuild, SERVER_BUNDLE } from './lib/server-build.mjs';

await ensureBuild();
await ensureServerBuild();

// The server runs in this process rather than as a child, so Ctrl-C and a supervisor's SIGTERM reach its own
// shutdown handlers exactly once. Its stack traces name the source files (the bundle's map).
process.setSourceMapsEnabled(true);
// The demo login registers with a code from the dev outbox, which serves anyone's codes: `npm start` switches
// it on explicitly, outside production only (the server refuses DEV_OUTBOX=1 with NODE_ENV=production).
if (process.env.NODE_ENV !== 'production') process.env.DEV_OUTBOX ??= '1';
await import(pathToFileURL(SERVER_BUNDLE).href);
