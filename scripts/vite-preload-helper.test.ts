// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutputBundle } from 'rolldown';
import {
  PRELOAD_HELPER_CODE,
  PRELOAD_HELPER_ID,
  dependenciesToPreload,
  preloadHelperPlugin,
  staticClosure,
} from './vite-preload-helper';

type Preload = (load: () => Promise<unknown>, deps?: string[], importerUrl?: string) => Promise<unknown>;

let preload: Preload;
beforeAll(() => {
  // The helper's source as the browser runs it, its one export returned instead of exported.
  const body = PRELOAD_HELPER_CODE.replace('export const __vitePreload =', 'const __vitePreload =');
  expect(body).not.toBe(PRELOAD_HELPER_CODE);
  preload = new Function(`${body}\nreturn __vitePreload;`)() as Preload;
});

const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => ({
    href: l.href,
    crossOrigin: l.getAttribute('crossorigin'),
    nonce: l.getAttribute('nonce'),
  }));

describe('the preload helper', () => {
  it('serves its code for Vite’s helper id only, in builds', () => {
    const plugin = preloadHelperPlugin();
    const load = plugin.load as { handler: (id: string) => string | null };
    expect(plugin.apply).toBe('build');
    expect(load.handler(PRELOAD_HELPER_ID)).toBe(PRELOAD_HELPER_CODE);
    expect(load.handler('/src/main.ts')).toBeNull();
  });

  it('preloads each dependency once, against the importing module, with the page’s nonce, then imports', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'n0nce');
    document.head.append(meta);
    const importer = 'https://cdn.example/widgets/chunks/quotes-abc.js';
    const module = { ok: true };
    const load = vi.fn(async () => module);
    await expect(preload(load, ['./format-x.js', './badge-y.js'], importer)).resolves.toBe(module);
    await preload(async () => module, ['./format-x.js'], importer);
    expect(load).toHaveBeenCalledTimes(1);
    expect(links()).toEqual([
      { href: 'https://cdn.example/widgets/chunks/format-x.js', crossOrigin: '', nonce: 'n0nce' },
      { href: 'https://cdn.example/widgets/chunks/badge-y.js', crossOrigin: '', nonce: 'n0nce' },
    ]);
  });

  it('reports a failed import as vite:preloadError and rethrows it unless a listener prevents that', async () => {
    const failure = new Error('chunk missing');
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as Event & { payload: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    await expect(preload(() => Promise.reject(failure))).rejects.toBe(failure);
    const prevent = (event: Event) => event.preventDefault();
    window.addEventListener('vite:preloadError', prevent);
    await expect(preload(() => Promise.reject(failure))).resolves.toBeUndefined();
    window.removeEventListener('vite:preloadError', prevent);
    window.removeEventListener('vite:preloadError', listener);
    expect(heard).toEqual([failure, failure]);
  });
});

describe('the dependencies a dynamic import preloads', () => {
  // entry → platform → react; entry imports lazy.js, which needs platform, react and its own table.js.
  const chunk = (imports: string[]) => ({ type: 'chunk', imports }) as unknown as OutputBundle[string];
  const bundle = {
    'entry.js': chunk(['platform.js']),
    'platform.js': chunk(['react.js']),
    'react.js': chunk([]),
    'lazy.js': chunk(['platform.js', 'react.js', 'table.js']),
    'table.js': chunk([]),
    'locales.js': chunk(['react.js']),
  } as OutputBundle;

  it('are the chunks the importer does not load statically', () => {
    expect([...staticClosure(bundle, 'entry.js')].sort()).toEqual(['entry.js', 'platform.js', 'react.js']);
    expect(
      dependenciesToPreload(
        bundle,
        'lazy.js',
        ['lazy.js', 'platform.js', 'react.js', 'table.js'],
        'entry.js',
      ),
    ).toEqual(['lazy.js', 'table.js']);
  });

  it('are none when only the imported chunk itself is left (the import fetches it)', () => {
    expect(dependenciesToPreload(bundle, 'locales.js', ['locales.js', 'react.js'], 'entry.js')).toEqual([]);
  });

  it('are all of them when the importer is not in the bundle', () => {
    expect(dependenciesToPreload(undefined, 'lazy.js', ['lazy.js', 'react.js'], 'entry.js')).toEqual([
      'lazy.js',
      'react.js',
    ]);
    expect(dependenciesToPreload(bundle, 'lazy.js', ['lazy.js', 'react.js'], 'other.js')).toEqual([
      'lazy.js',
      'react.js',
    ]);
  });

  it('are pruned by the plugin for imports in JS chunks only', () => {
    const plugin = preloadHelperPlugin();
    type Resolve = (
      file: string,
      deps: string[],
      context: { hostId: string; hostType: 'js' | 'html' },
    ) => string[];
    const config = (
      plugin.config as unknown as () => { build: { modulePreload: { resolveDependencies: Resolve } } }
    )();
    const resolve = config.build.modulePreload.resolveDependencies;
    const generate = plugin.generateBundle as { handler: (options: unknown, output: OutputBundle) => void };
    generate.handler({}, bundle);
    expect(
      resolve('lazy.js', ['lazy.js', 'react.js', 'table.js'], { hostId: 'entry.js', hostType: 'js' }),
    ).toEqual(['lazy.js', 'table.js']);
    expect(resolve('lazy.js', ['lazy.js', 'react.js'], { hostId: 'index.html', hostType: 'html' })).toEqual([
      'lazy.js',
      'react.js',
    ]);
  });
});
