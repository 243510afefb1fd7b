import { accessSync, constants, existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** First executable file called `name` on PATH, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here: keep looking
    }
  }
  return null;
}

/** The Chromium binary to drive: CHROMIUM_PATH, else the usual names on PATH; null when none is found. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = onPath(name);
    if (found) return found;
  }
  return null;
}

const PG_TOOLS = ['initdb', 'pg_ctl', 'postgres'];

function hasPgTools(dir) {
  return PG_TOOLS.every((tool) => existsSync(join(dir, tool)));
}

/**
 * Directory holding initdb, pg_ctl and postgres: PATH first, then the newest /usr/lib/postgresql/<v>/bin
 * (Debian keeps server binaries off PATH). Null when there is none.
 */
export function findPostgresBin() {
  const initdb = onPath('initdb');
  if (initdb) {
    // Resolve links (e.g. a /usr/local/bin/initdb link) so the three tools come from one installation.
    const dir = join(realpathSync(initdb), '..');
    if (hasPgTools(dir)) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (hasPgTools(dir)) return dir;
  }
  return null;
}
