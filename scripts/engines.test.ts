import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

interface Installed {
  name: string;
  version: string;
  node: string;
}

/** Every installed package (nested ones too) that states which Node versions it supports. */
function installed(dir: string, found: Installed[] = []): Installed[] {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installed(path, found);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Partial<Installed> & {
      engines?: { node?: string };
    };
    if (pkg.engines?.node)
      found.push({ name: pkg.name ?? entry, version: pkg.version ?? '?', node: pkg.engines.node });
    if (existsSync(join(path, 'node_modules'))) installed(join(path, 'node_modules'), found);
  }
  return found;
}

describe('package.json engines', () => {
  it('is accepted by every installed package, so the stated Node floor is honest', () => {
    const floor = semver.minVersion(own.engines.node)!.version;
    const refusing = installed(join(ROOT, 'node_modules'))
      .filter((pkg) => !semver.satisfies(floor, pkg.node))
      .map((pkg) => `${pkg.name}@${pkg.version} wants node ${pkg.node}`);
    expect({ floor, refusing }).toEqual({ floor: '20.19.0', refusing: [] });
  });
});
