/**
 * The dependency direction of DESIGN.md is a lint error: the repository's own ESLint config, run on
 * deliberate bad snippets at real paths, reports each one, and passes the legal imports.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
let eslint: ESLint;

// Loading the config and its parsers takes seconds on a busy machine: done once here, not in the first case.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: resolve(ROOT, 'src/core/warm-up.ts') });
}, 60_000);

/** Lint `code` as if it were the file at `path`: the messages of the layer rule, and the error count. */
async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  if (!result) throw new Error(`no lint result for ${path}`);
  return {
    errors: result.errorCount,
    layer: result.messages.filter((m) => m.ruleId === 'layers/direction').map((m) => m.message),
    all: result.messages,
  };
}

/** A snippet that uses what it imports (so nothing but the import itself can fail). */
const importing = (spec: string) => `import { thing } from '${spec}';\n\nexport const used = thing;\n`;

describe('lint errors for imports against the dependency direction', () => {
  it.each([
    ['a widget importing another widget', 'src/widgets/chart/bad.ts', '../quotes/quotes', 'another widget'],
    [
      'a widget importing another widget by the long way',
      'src/widgets/chart/bad.ts',
      '../../widgets/quotes/quotes.logic',
      'another widget',
    ],
    [
      'a widget importing another widget’s public index',
      'src/widgets/order-form/bad.tsx',
      '../chart',
      'another widget',
    ],
    [
      'a widget importing the host',
      'src/widgets/search/bad.ts',
      '../../host/routing/paths',
      'imports only src/core',
    ],
    [
      'the host importing a widget’s internal file',
      'src/host/shells/desktop/bad.tsx',
      '../../../widgets/chart/chart.logic',
      'src/widgets/chart/index.ts',
    ],
    [
      'the host importing the account rules directly',
      'src/host/account/bad.ts',
      '../../widgets/account/account.logic',
      'src/widgets/account/index.ts',
    ],
    [
      'the host (not a test) importing a widget fixture',
      'src/host/bad.ts',
      '../widgets/chart/chart-test.fixture',
      'src/widgets/chart/index.ts',
    ],
    ['the host importing the server', 'src/host/bad.ts', '../../server/src/app', 'src/host'],
    ['core/domain importing core/api', 'src/core/domain/bad.ts', '../api/api-client', 'src/core/domain'],
    ['core/domain importing core/state', 'src/core/domain/bad.ts', '../state/store', 'src/core/domain'],
    [
      'core/contract importing core/domain',
      'src/core/contract/bad.ts',
      '../domain/decimal',
      'src/core/contract',
    ],
    ['core importing a widget', 'src/core/session/bad.ts', '../../widgets/_shared/use-t', 'outside src/core'],
    ['core importing the host', 'src/core/bad.ts', '../host/prefs', 'outside src/core'],
    ['_shared importing a widget', 'src/widgets/_shared/bad.ts', '../quotes', 'src/widgets/_shared'],
    ['the server importing core/api', 'server/src/bad.ts', '../../src/core/api/api-client', 'server imports'],
    ['the server importing a widget', 'server/src/x/bad.ts', '../../../src/widgets/quotes', 'server imports'],
    [
      'the back office importing a widget',
      'src/backoffice/bad.tsx',
      '../widgets/deposit/deposit',
      'src/backoffice imports only',
    ],
    [
      'the back office importing the host',
      'src/backoffice/bad.ts',
      '../host/prefs',
      'src/backoffice imports only',
    ],
    [
      'the back office importing the server',
      'src/backoffice/bad.ts',
      '../../server/src/backoffice/operators',
      'src/backoffice imports only',
    ],
    [
      'a back-office queue importing another queue',
      'src/backoffice/queues/withdrawals.tsx',
      './deposits',
      'never imports another queue',
    ],
    [
      'the back-office shell naming a queue',
      'src/backoffice/app.tsx',
      './queues/deposits',
      'import.meta.glob',
    ],
    [
      'the configurator importing widget code',
      'src/embed/bad.tsx',
      '../widgets/quotes/quotes.logic',
      'src/embed imports only',
    ],
    [
      'the configurator importing the shared widget kit',
      'src/embed/bad.tsx',
      '../widgets/_shared/styles',
      'src/embed imports only',
    ],
    [
      'a server module importing another module’s internal file',
      'server/src/options/bad.ts',
      '../trading/engine',
      'server/src/trading/index.ts',
    ],
    [
      'a server module importing another module’s internal file by the long way',
      'server/src/trading/sub/bad.ts',
      '../../market/routes',
      'server/src/market/index.ts',
    ],
    [
      'a server test importing another module’s internal file',
      'server/src/backoffice/bad.test.ts',
      '../auth/totp',
      'server/src/auth/index.ts',
    ],
    [
      'a server test helper importing another module’s internal file',
      'server/src/auth/testing.ts',
      '../sender/dev-outbox',
      'server/src/sender/index.ts',
    ],
    [
      'a server module importing another module’s plugin',
      'server/src/deposits/bad.ts',
      '../cashier/plugin',
      'cashier/index.ts',
    ],
  ])('%s', async (_name, path, spec, message) => {
    const { layer } = await lint(path, importing(spec));
    expect(layer).toHaveLength(1);
    expect(layer[0]).toContain(message);
  });

  it('checks re-exports and dynamic imports as well', async () => {
    const reexport = await lint('src/widgets/chart/bad.ts', "export { thing } from '../quotes/quotes';\n");
    expect(reexport.layer).toHaveLength(1);
    const star = await lint('src/host/bad.ts', "export * from '../widgets/chart/chart-engine';\n");
    expect(star.layer).toHaveLength(1);
    const dynamic = await lint(
      'src/host/bad.ts',
      "export const load = () => import('../widgets/account/account.logic');\n",
    );
    expect(dynamic.layer).toHaveLength(1);
  });
});

describe('legal imports pass', () => {
  it.each([
    ['a widget importing its own files', 'src/widgets/chart/ok.ts', './chart.logic'],
    ['a widget importing _shared', 'src/widgets/chart/ok.ts', '../_shared/use-t'],
    ['a widget importing core', 'src/widgets/quotes/ok.ts', '../../core/domain/decimal'],
    ['the host importing a widget’s public index', 'src/host/pages/ok.tsx', '../../widgets/chart'],
    ['the host naming the index file', 'src/host/pages/ok.tsx', '../../widgets/chart/index'],
    ['the host importing a widget element', 'src/host/ok.ts', '../widgets/quotes/quotes.element'],
    ['the host importing _shared', 'src/host/ok.ts', '../widgets/_shared/use-t'],
    ['a host test importing a widget fixture', 'src/host/ok.test.ts', '../widgets/chart/chart-test.fixture'],
    ['core/contract importing core/contract', 'src/core/contract/ok.ts', './paths'],
    ['core/domain importing core/contract', 'src/core/domain/ok.ts', '../contract/types'],
    ['core importing core', 'src/core/session/ok.ts', '../api/api-client'],
    ['the server importing core/contract', 'server/src/ok.ts', '../../src/core/contract/paths'],
    ['the server importing core/domain', 'server/src/ok.ts', '../../src/core/domain/decimal'],
    ['the back office importing the contract', 'src/backoffice/ok.ts', '../core/contract/deposits'],
    ['the back office importing the UI kit', 'src/backoffice/ok.tsx', '../widgets/_shared/drawer'],
    ['a back-office queue importing the shell', 'src/backoffice/queues/ok.tsx', '../queue-declaration'],
    ['a back-office queue importing core', 'src/backoffice/queues/ok.tsx', '../../core/domain/format'],
    ['a queue test importing its queue', 'src/backoffice/queues/deposits.test.ts', './deposits'],
    ['the configurator importing a widget’s metadata', 'src/embed/ok.ts', '../widgets/quotes/quotes.meta'],
    ['the configurator importing the token data', 'src/embed/ok.ts', '../widgets/_shared/theme-tokens'],
    ['the configurator importing core', 'src/embed/ok.ts', '../core/contract/languages'],
    ['a server module importing another module’s index', 'server/src/options/ok.ts', '../trading'],
    ['a server module naming another module’s index file', 'server/src/options/ok.ts', '../trading/index'],
    ['a server module importing its own files', 'server/src/trading/ok.ts', './engine'],
    ['a server module importing the db platform', 'server/src/trading/ok.ts', '../db/types'],
    ['a server module importing the http platform', 'server/src/trading/ok.ts', '../http/envelope'],
    [
      'a server test importing another module’s test app',
      'server/src/options/ok.test.ts',
      '../trading/test-app',
    ],
    [
      'a server test helper importing another module’s test support',
      'server/src/options/test-app.ts',
      '../withdrawals/test-support',
    ],
    [
      'a server test importing another module’s *.testing file',
      'server/src/cashier/ok.test.ts',
      '../deposits/deposits.testing',
    ],
    ['the composition root registering a module’s plugin', 'server/src/ok.ts', './trading/plugin'],
  ])('%s', async (_name, path, spec) => {
    const { errors, all } = await lint(path, importing(spec));
    expect(all).toEqual([]);
    expect(errors).toBe(0);
  });

  it('lets a host test mock a widget internal it must replace (jsdom has no canvas)', async () => {
    const code = [
      "import { vi } from 'vitest';",
      '',
      "vi.mock(import('../widgets/chart/chart-engine'), () => ({ createChartEngine: vi.fn() }));",
      '',
    ].join('\n');
    expect((await lint('src/host/ok.test.tsx', code)).all).toEqual([]);
    expect((await lint('src/host/bad.tsx', code)).layer).toHaveLength(1);
  });
});
