/**
 * ESLint rule `layers/direction`: the dependency direction of DESIGN.md, checked on the resolved path of
 * every relative import, re-export and literal dynamic import (so `../quotes/x` and
 * `../../widgets/quotes/x` are the same import to it):
 *
 * - `src/core/contract` imports only `src/core/contract`; `src/core/domain` only domain and contract;
 *   the rest of `src/core` only `src/core`.
 * - `src/widgets/_shared` imports core and `_shared`; a widget imports core, `_shared` and itself, never
 *   another widget.
 * - `src/host` uses a widget only through its public `index.ts` or its `<name>.element.ts`, never its
 *   internals (its tests may also use a widget's `*.fixture` files and `vi.mock(import(…))` an internal
 *   module); never the server.
 * - `server` imports of the client tree only `src/core/contract` and `src/core/domain`.
 * - `src/backoffice` (the operators' site) imports `src/core`, the UI kit `src/widgets/_shared` and itself,
 *   never a widget, the host or the server. A queue (`src/backoffice/queues/<name>`) never imports another
 *   queue, and the rest of the back office never names a queue (it finds them by `import.meta.glob`).
 * - `src/embed` (the partners' configurator) imports `src/core`, itself and of the widgets only their metadata
 *   (`<name>.meta`, `_shared/widget-meta`, `_shared/theme-tokens`): its preview loads the built widgets.
 * - A server module (a folder of `server/src`) uses another module only through its `index.ts`. `db` and
 *   `http` are the platform every module stands on, not modules: their files are imported directly. Tests
 *   and test helpers (`*.test`, `testing`, `*.testing`, `test-support`, `test-app`) may also use another
 *   module's test helpers; the composition root (files right in `server/src`) registers each `plugin.ts`.
 *
 * Bare package imports (react, jotai, …) are checked by `no-restricted-imports` in eslint.config.js.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_EXT = /\.(?:[cm]?[jt]sx?)$/;

/** Repository-relative path with `/` separators, without a source extension or query. */
function repoPath(absolute) {
  return relative(ROOT, absolute).split(sep).join('/').replace(SOURCE_EXT, '');
}

/**
 * Where a repository path lies: `{ layer, widget?, file? }`. `file` is the path inside a widget folder
 * ('' for the folder itself, which resolves to its index).
 */
function zoneOf(path) {
  if (path.startsWith('../')) return { layer: 'outside' };
  const parts = path.split('/');
  if (parts[0] === 'server') {
    // Files right in server/src (app.ts, main.ts) are the composition root, not a module.
    if (parts[1] !== 'src' || parts.length < 4) return { layer: 'server' };
    return { layer: 'server', module: parts[2], file: parts.slice(3).join('/') };
  }
  if (parts[0] !== 'src') return { layer: 'other' };
  if (parts[1] === 'core') {
    if (parts[2] === 'contract' || parts[2] === 'domain') return { layer: `core/${parts[2]}` };
    return { layer: 'core' };
  }
  if (parts[1] === 'widgets') {
    if (parts[2] === '_shared') return { layer: 'widgets/_shared' };
    return { layer: 'widget', widget: parts[2], file: parts.slice(3).join('/') };
  }
  if (parts[1] === 'host') return { layer: 'host' };
  if (parts[1] === 'embed') return { layer: 'embed' };
  if (parts[1] === 'backoffice') {
    // A queue is its file and the files named after it (`deposits.tsx`, `deposits.test.ts`).
    const queue = parts[2] === 'queues' && parts.length === 4 ? parts[3].split('.')[0] : undefined;
    return { layer: 'backoffice', queue };
  }
  return { layer: 'src' };
}

const isCore = (zone) => zone.layer.startsWith('core');
/** Folders of `server/src` every module imports by file: the platform, not modules. */
const SERVER_PLATFORM = new Set(['db', 'http']);
const SERVER_TEST_HELPER = /(?:^|\/)(?:testing|[\w.-]+\.testing|test-support|test-app)$/;
const isServerTestCode = (path) => /\.test$/.test(path) || SERVER_TEST_HELPER.test(path);

/** Why a server file may not import `to`, or null: another module only through its index. */
function serverModuleViolation(fromPath, from, to) {
  if (!to.module || to.module === from.module || SERVER_PLATFORM.has(to.module)) return null;
  if (to.file === 'index') return null;
  // The composition root (app.ts) registers each module's plugin.
  if (!from.module && to.file === 'plugin') return null;
  if (isServerTestCode(fromPath) && SERVER_TEST_HELPER.test(to.file)) return null;
  return `A server module uses another module only through server/src/${to.module}/index.ts, not ${to.file}.`;
}
/** The widgets' public API as data: what the configurator may take of the widgets. */
const WIDGET_METADATA = /^src\/widgets\/(?:[\w-]+\/[\w-]+\.meta|_shared\/(?:widget-meta|theme-tokens))$/;
const isTestFile = (path) => /\.(test|fixture)$/.test(path);

/**
 * Why `from` may not import `to`, or null when it may. `mocked`: the import is the module argument of
 * `vi.mock(import('…'))` in a test, which swaps a widget's internal out rather than using it.
 */
export function violation(fromPath, toPath, { mocked = false } = {}) {
  const from = zoneOf(fromPath);
  const to = zoneOf(toPath);
  switch (from.layer) {
    case 'core/contract':
      return to.layer === 'core/contract' ? null : 'src/core/contract imports only src/core/contract.';
    case 'core/domain':
      return to.layer === 'core/domain' || to.layer === 'core/contract'
        ? null
        : 'src/core/domain imports only src/core/domain and src/core/contract.';
    case 'core':
      return isCore(to) ? null : 'src/core imports nothing of ours outside src/core.';
    case 'widgets/_shared':
      return isCore(to) || to.layer === 'widgets/_shared'
        ? null
        : 'src/widgets/_shared imports only src/core and src/widgets/_shared.';
    case 'widget':
      if (isCore(to) || to.layer === 'widgets/_shared') return null;
      if (to.layer === 'widget')
        return to.widget === from.widget ? null : 'A widget never imports another widget.';
      return 'A widget imports only src/core, src/widgets/_shared and its own folder.';
    case 'host':
      if (isCore(to) || to.layer === 'widgets/_shared' || to.layer === 'host') return null;
      if (to.layer === 'widget') {
        const file = to.file ?? '';
        if (file === '' || file === 'index' || file === `${to.widget}.element`) return null;
        if (isTestFile(fromPath) && (mocked || /\.fixture$/.test(file))) return null;
        return `The host uses a widget only through src/widgets/${to.widget}/index.ts (or its element), not ${file}.`;
      }
      return 'The host imports only src/core, src/widgets and src/host.';
    case 'backoffice':
      if (isCore(to) || to.layer === 'widgets/_shared') return null;
      if (to.layer !== 'backoffice')
        return 'src/backoffice imports only src/core, src/widgets/_shared and src/backoffice.';
      if (to.queue === undefined || to.queue === from.queue) return null;
      if (from.queue !== undefined) return 'A back-office queue never imports another queue.';
      return isTestFile(fromPath)
        ? null
        : 'The back office finds its queues by import.meta.glob (queues.ts); it never imports one.';
    case 'embed':
      if (isCore(to) || to.layer === 'embed' || WIDGET_METADATA.test(toPath)) return null;
      return "src/embed imports only src/core, src/embed and the widgets' metadata (*.meta, widget-meta, theme-tokens).";
    case 'server':
      if (to.layer === 'server') return serverModuleViolation(fromPath, from, to);
      if (to.layer === 'core/contract' || to.layer === 'core/domain') return null;
      if (to.layer === 'other' || to.layer === 'outside') return null;
      return 'server imports only src/core/contract and src/core/domain of the client tree.';
    default:
      return null;
  }
}

/** The literal specifier of an import-like node, if it is relative. */
function relativeSource(node) {
  const source = node.source;
  if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return null;
  return source.value.startsWith('.') ? source.value : null;
}

/** Whether `node` is the module argument of `vi.mock(…)` / `vi.doMock(…)`. */
function isMockTarget(node) {
  const call = node.parent;
  if (node.type !== 'ImportExpression' || call?.type !== 'CallExpression' || call.arguments[0] !== node)
    return false;
  const callee = call.callee;
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'vi' &&
    callee.property.type === 'Identifier' &&
    (callee.property.name === 'mock' || callee.property.name === 'doMock')
  );
}

const direction = {
  meta: {
    type: 'problem',
    docs: { description: 'Dependency direction between core, widgets, host and server (DESIGN.md).' },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const fromPath = repoPath(filename);
    const check = (node) => {
      const spec = relativeSource(node);
      if (!spec) return;
      const toPath = repoPath(resolve(dirname(filename), spec.replace(/[?#].*$/, '')));
      const message = violation(fromPath, toPath, { mocked: isMockTarget(node) });
      if (message) context.report({ node: node.source, message: `${message} ('${spec}')` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The local plugin that carries the rule. */
export const layersPlugin = { meta: { name: 'tradekit-layers' }, rules: { direction } };
