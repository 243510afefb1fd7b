// `npm start`: build the site and widgets when dist/ is missing or older than the sources, then run the
// reference server (it prints its URL). `npm start -- --workers N` (or WORKERS=N) runs N server processes behind
// one port on the PostgreSQL of DATABASE_URL: this process is then their primary (server/src/cluster/launcher.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureBuild } from './lib/build.mjs';
import { ROOT } from './lib/run.mjs';

await ensureBuild();

// The server runs in this process (TypeScript loaded through tsx) rather than as a child, so Ctrl-C and a
// supervisor's SIGTERM reach its own shutdown handlers exactly once.
register();
// The demo login registers with a code from the dev outbox, which serves anyone's codes: `npm start` switches
// it on explicitly, outside production only (the server refuses DEV_OUTBOX=1 with NODE_ENV=production).
if (process.env.NODE_ENV !== 'production') process.env.DEV_OUTBOX ??= '1';
await import(pathToFileURL(join(ROOT, 'server', 'src', 'main.ts')).href);
