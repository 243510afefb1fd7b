/**
 * The contract is the only place a path is written (issue #9): widgets, the host and the server name
 * endpoints through their declarations; server codes are named; every API route is registered from a
 * declaration. Read from the source with the TypeScript parser, so comments and docs do not count.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const isTestFile = (file: string) =>
  /\.test\.tsx?$|\.e2e\.ts$|fixture|\/testing(\.ts|\/)|test-app\.ts$|test-support/.test(file);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !isTestFile(path)) out.push(path);
  }
  return out;
}

function walk(file: string, visit: (node: ts.Node, source: ts.SourceFile) => void): void {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const step = (node: ts.Node) => {
    visit(node, source);
    ts.forEachChild(node, step);
  };
  step(source);
}

const where = (source: ts.SourceFile, node: ts.Node) =>
  `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** A literal that spells a path of the API roots or of the web API's two halves. */
export const PATH_LITERAL = /^\/?(v1|exchange|market|admin\/v1)\/|^\/?(wa-na|waa)\//;

describe('paths are written only in src/core/contract', () => {
  const files = ['src/widgets', 'src/host', 'server/src'].flatMap((dir) => sources(resolve(ROOT, dir)));

  it('finds the files it checks', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  // Parses every source file with the TypeScript compiler: about 5 s alone, three times that while the other
  // projects of `npm test` share the two cores, so it gets a budget of its own above the project's 15 s.
  it(
    'has no string or template literal beginning with an API path outside test files',
    { timeout: 60_000 },
    () => {
      const found: string[] = [];
      for (const file of files) {
        walk(file, (node, source) => {
          const text = ts.isStringLiteralLike(node)
            ? node.text
            : ts.isTemplateExpression(node)
              ? node.head.text
              : null;
          if (text !== null && PATH_LITERAL.test(text))
            found.push(`${where(source, node)} ${JSON.stringify(text)}`);
        });
      }
      expect(found).toEqual([]);
    },
  );

  it('recognises the spellings it forbids', () => {
    for (const path of [
      '/v1/wa-na/login',
      '/exchange/order/addOrder',
      '/market/history',
      'waa/user/info',
      '/admin/v1/x',
    ])
      expect(PATH_LITERAL.test(path), path).toBe(true);
    for (const path of ['/market-ws', '/exchange-ws', '/widgets/tk-quotes.js', '/topic/prices'])
      expect(PATH_LITERAL.test(path), path).toBe(false);
  });
});

describe('server codes and routes', () => {
  const server = sources(resolve(ROOT, 'server/src'));

  it('throws BusinessError only with a named code, never a number literal', () => {
    const found: string[] = [];
    for (const file of server) {
      walk(file, (node, source) => {
        if (
          ts.isNewExpression(node) &&
          node.expression.getText(source) === 'BusinessError' &&
          node.arguments?.[0] &&
          ts.isNumericLiteral(node.arguments[0])
        )
          found.push(where(source, node));
      });
    }
    expect(found).toEqual([]);
  });

  it('registers API routes only from declarations (route / resourceRoute); static files are the exception', () => {
    const found: string[] = [];
    for (const file of server) {
      const name = relative(ROOT, file);
      if (name === 'server/src/http/route.ts' || name === 'server/src/static/plugin.ts') continue;
      walk(file, (node, source) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          /^(get|post|put|delete|patch|route)$/.test(node.expression.name.text) &&
          /^(app|scope|instance|fastify)$/.test(node.expression.expression.getText(source))
        )
          found.push(where(source, node));
      });
    }
    expect(found).toEqual([]);
  });
});
