import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { rewriteMeta, SERVER_BUNDLE, serverBuildIsStale } from './server-build.mjs';

const SOURCE = join(SERVER_BUNDLE, '..', '..', 'src', 'db', 'migrate.ts');

describe('the server bundle (TR64)', () => {
  it("writes a file's import.meta.url as its own URL, resolved from the bundle's", () => {
    const out = rewriteMeta("const dir = new URL('../../migrations/', import.meta.url);", SOURCE);
    expect(out).toBe(
      'const dir = new URL(\'../../migrations/\', new URL("../src/db/migrate.ts", import.meta.url).href);',
    );
    // What the bundle's code computes where it lies is what the source computed where it lies.
    const own = new URL('../src/db/migrate.ts', pathToFileURL(SERVER_BUNDLE)).href;
    expect(own).toBe(pathToFileURL(SOURCE).href);
    expect(new URL('../../migrations/', own).href).toBe(
      new URL('../../migrations/', pathToFileURL(SOURCE)).href,
    );
  });

  it('refuses import.meta.dirname and import.meta.filename, which it would leave as the bundle’s', () => {
    expect(() => rewriteMeta('const d = import.meta.dirname;', SOURCE)).toThrow(
      /server\/src\/db\/migrate\.ts/,
    );
    expect(() => rewriteMeta('const f = import.meta.filename;', SOURCE)).toThrow(/import\.meta\.url/);
  });

  describe('is built again when', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const setUp = () => {
      dir = mkdtempSync(join(tmpdir(), 'tk-server-build-'));
      const paths = { bundle: join(dir, 'main.mjs'), inputs: join(dir, 'inputs.json') };
      const input = join(dir, 'a.ts');
      writeFileSync(input, 'export {};\n');
      writeFileSync(paths.inputs, JSON.stringify([input]));
      writeFileSync(paths.bundle, '');
      // The inputs an hour older than the bundle (and than this builder, whose own change counts too).
      const old = new Date(Date.now() - 3_600_000);
      utimesSync(input, old, old);
      utimesSync(paths.bundle, new Date(), new Date(Date.now() + 60_000));
      return { paths, input };
    };

    it('nothing changed: no', () => {
      const { paths } = setUp();
      expect(serverBuildIsStale(paths)).toBe(false);
    });

    it('an input changed after it', () => {
      const { paths, input } = setUp();
      utimesSync(input, new Date(), new Date(Date.now() + 120_000));
      expect(serverBuildIsStale(paths)).toBe(true);
    });

    it('an input is gone, the bundle is missing or its list is unreadable', () => {
      const { paths, input } = setUp();
      rmSync(input);
      expect(serverBuildIsStale(paths)).toBe(true);
      expect(serverBuildIsStale({ ...paths, bundle: join(dir, 'none.mjs') })).toBe(true);
      writeFileSync(paths.inputs, '[');
      expect(serverBuildIsStale(paths)).toBe(true);
    });
  });
});
