/**
 * Loading `/config.json` (spec §1/§4): fetched once per page, checked for the fields the client relies on
 * (parse-runtime-config.ts, a chunk that loads while the file is fetched), service addresses made absolute so
 * the widgets work when embedded on another site.
 */
import type { RuntimeConfig } from '../contract/types';

/** i18n key of the message shown when the config cannot be used. */
export const CONFIG_MISSING_KEY = 'app.config_missing';

/** The config could not be fetched or is not usable; show `t(error.messageKey)`. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly messageKey = CONFIG_MISSING_KEY;
  constructor(readonly reason: string) {
    super(`[tradekit] cannot use the runtime config: ${reason}`);
  }
}

export interface LoadConfigOptions {
  fetchImpl?: typeof fetch;
  /** Brand id, sent as `?brand=` for servers that host several brands. */
  brand?: string | null;
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
}

/** Fetch and check `{origin}/config.json`; rejects with ConfigError (message key app.config_missing). */
export async function loadRuntimeConfig(
  origin: string,
  options: LoadConfigOptions = {},
): Promise<RuntimeConfig> {
  // The checks are not needed before the answer is there: their chunk loads while the file is fetched.
  const parser = import('./parse-runtime-config');
  // A failed fetch answers first; the parser's own failure (if any) must not go unhandled then.
  parser.catch(() => undefined);
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const query = options.brand ? `?brand=${encodeURIComponent(options.brand)}` : '';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  let body: unknown;
  try {
    const response = await fetchImpl(`${origin}/config.json${query}`, {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
      signal: controller.signal,
    });
    if (!response.ok) throw new ConfigError(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(controller.signal.aborted ? 'timed out' : String(error));
  } finally {
    clearTimeout(timer);
  }
  const { parseRuntimeConfig, warnOtherVersion } = await parser;
  const config = parseRuntimeConfig(body, origin);
  warnOtherVersion(config);
  return config;
}
