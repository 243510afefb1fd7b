/**
 * The checks of a fetched `/config.json` (spec §1/§4): the fields the client relies on, service addresses made
 * absolute. Loaded by loadRuntimeConfig while it fetches the file.
 */
import { CATEGORY_KEYS } from '../contract/types';
import type { BrandSettings, CategoryId, RuntimeConfig } from '../contract/types';
import { ConfigError } from './runtime-config';
import { CLIENT_VERSION, checkVersion } from './version';

const SERVICE_KEYS = ['api', 'market', 'marketWs', 'exchange', 'exchangeWs'] as const;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Make a service address absolute against the origin; socket services get ws:/wss:. */
export function resolveServiceUrl(value: string, origin: string, socket: boolean): string {
  const url = new URL(value, `${origin}/`);
  if (socket && (url.protocol === 'http:' || url.protocol === 'https:')) {
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  }
  return url.href.replace(/\/+$/, '');
}

function parseBrand(raw: unknown): BrandSettings {
  if (!isObject(raw) || typeof raw.id !== 'string') throw new ConfigError('brand.id is missing');
  const tradeList = raw.tradeList;
  if (
    !Array.isArray(tradeList) ||
    tradeList.length === 0 ||
    !tradeList.every((c) => typeof c === 'number' && c in CATEGORY_KEYS)
  ) {
    throw new ConfigError('brand.tradeList must list categories 1–5');
  }
  for (const key of ['languages', 'homeSymbols'] as const) {
    if (key in raw && !isStringList(raw[key]))
      throw new ConfigError(`brand.${key} must be a list of strings`);
  }
  return {
    ...(raw as unknown as BrandSettings),
    tradeList: tradeList as CategoryId[],
    languages: (raw.languages as string[] | undefined) ?? ['en'],
    defaultLanguage: typeof raw.defaultLanguage === 'string' ? raw.defaultLanguage : 'en',
    homeSymbols: (raw.homeSymbols as string[] | undefined) ?? [],
  };
}

/** Check a parsed config.json and return it with absolute service URLs; throws ConfigError. */
export function parseRuntimeConfig(raw: unknown, origin: string): RuntimeConfig {
  if (!isObject(raw)) throw new ConfigError('not a JSON object');
  if (typeof raw.version !== 'string' && typeof raw.version !== 'number')
    throw new ConfigError('version is missing');
  const services = raw.services;
  if (!isObject(services)) throw new ConfigError('services are missing');
  const resolved = {} as RuntimeConfig['services'];
  for (const key of SERVICE_KEYS) {
    const value = services[key];
    if (typeof value !== 'string' || !value.trim()) throw new ConfigError(`services.${key} is missing`);
    try {
      resolved[key] = resolveServiceUrl(value.trim(), origin, key.endsWith('Ws'));
    } catch {
      throw new ConfigError(`services.${key} is not a URL`);
    }
  }
  const fetchTimeout = raw.fetchTimeout ?? 0;
  if (typeof fetchTimeout !== 'number' || !(fetchTimeout >= 0))
    throw new ConfigError('fetchTimeout must be ≥ 0');
  const support = isObject(raw.support) ? raw.support : {};
  // Anything but the explicit compatibility value keeps the safe default (decision SC2).
  const tokenStorage = raw.tokenStorage === 'spec' ? ('spec' as const) : ('cookie' as const);
  return {
    ...(raw as unknown as RuntimeConfig),
    siteTitle: typeof raw.siteTitle === 'string' ? raw.siteTitle : '',
    version: String(raw.version),
    brand: parseBrand(raw.brand),
    support: { url: '', telegram: '', whatsapp: '', email: '', ...support },
    services: resolved,
    fetchTimeout,
    tokenStorage,
  };
}

/**
 * Warns when the config is for another client version. A partner page must never be redirected by a widget;
 * the host does the §4 reload itself. Here rather than in the platform so that the version check loads with
 * the parser, alongside /config.json, not with every widget's first paint (CZ4).
 */
export function warnOtherVersion(config: RuntimeConfig): void {
  if (!checkVersion(config))
    console.warn(`[tradekit] config is for ${config.version}, client is ${CLIENT_VERSION}`);
}
