/**
 * Display formatting of decimal strings and timestamps (spec §9). Input is read leniently (a stray JSON
 * number, exponent notation) into digit strings and rounded with the exact decimal module: no float.
 */
import { toFixed } from './decimal';

/** Shown in place of a value that is missing or not a number. */
export const EMPTY_VALUE = '--';
/** Date formats of spec §9. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const SHORT_DATE_TIME_FORMAT = 'MM-DD HH:mm:ss';

interface Digits {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Split a decimal string (or a finite number, e.g. a stray JSON number) into sign and digit strings. */
function parse(value: string | number | null | undefined): Digits | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const m = DECIMAL.exec(String(value).trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  let int = m[2] ?? '';
  let frac = m[3] ?? '';
  const exp = Number(m[4] ?? 0);
  if (exp > 0) {
    frac = frac.padEnd(exp, '0');
    int += frac.slice(0, exp);
    frac = frac.slice(exp);
  } else if (exp < 0) {
    int = int.padStart(-exp, '0');
    frac = int.slice(int.length + exp) + frac;
    int = int.slice(0, int.length + exp);
  }
  int = int.replace(/^0+/, '') || '0';
  return { negative: m[1] === '-', int, frac };
}

/** Round half away from zero to `scale` decimals (how quotes and amounts are shown). */
function round(d: Digits, scale: number): Digits {
  const plain = `${d.negative ? '-' : ''}${d.int}${d.frac ? `.${d.frac}` : ''}`;
  const [int = '0', frac = ''] = toFixed(plain, scale).replace(/^-/, '').split('.');
  return { negative: d.negative, int, frac };
}

function isZero(d: Digits): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac);
}

function render(d: Digits, thousands: boolean, plusSign = false): string {
  const int = thousands ? d.int.replace(/\B(?=(\d{3})+$)/g, ',') : d.int;
  const body = d.frac ? `${int}.${d.frac}` : int;
  if (isZero(d)) return body;
  if (d.negative) return `-${body}`;
  return plusSign ? `+${body}` : body;
}

function clampScale(scale: number, fallback: number): number {
  return Number.isInteger(scale) && scale >= 0 ? Math.min(scale, 20) : fallback;
}

/** A price with exactly `precision` decimals (product precision, default 2); '--' when not a number. */
export function formatPrice(value: string | number | null | undefined, precision = 2): string {
  const d = parse(value);
  return d ? render(round(d, clampScale(precision, 2)), false) : EMPTY_VALUE;
}

/** A change in percent: explicit sign, 2 decimals and '%', e.g. "+1.20%", "-0.42%", "0.00%". */
export function formatPercent(value: string | number | null | undefined): string {
  const d = parse(value);
  return d ? `${render(round(d, 2), false, true)}%` : EMPTY_VALUE;
}

/** An amount with `decimals` decimals (2 for USD) and optional thousands separators. */
export function formatAmount(
  value: string | number | null | undefined,
  { decimals = 2, thousands = true }: { decimals?: number; thousands?: boolean } = {},
): string {
  const d = parse(value);
  return d ? render(round(d, clampScale(decimals, 2)), thousands) : EMPTY_VALUE;
}

const VOLUME_UNITS = [
  { shift: 3, suffix: 'K' },
  { shift: 6, suffix: 'M' },
  { shift: 9, suffix: 'B' },
] as const;

/** Move the decimal point `places` to the left. */
function shiftLeft(d: Digits, places: number): Digits {
  const int = d.int.padStart(places + 1, '0');
  const cut = int.length - places;
  return { negative: d.negative, int: int.slice(0, cut), frac: int.slice(cut) + d.frac };
}

/** A traded volume shortened with K/M/B and 2 decimals, e.g. "1.23M"; below 1,000 plain with 2 decimals. */
export function formatVolume(value: string | number | null | undefined): string {
  const d = parse(value);
  if (!d) return EMPTY_VALUE;
  const plain = round(d, 2);
  if (plain.int.length <= 3) return render(plain, false);
  for (const unit of VOLUME_UNITS) {
    const scaled = round(shiftLeft(d, unit.shift), 2);
    // 999,999 rounds to "1000.00K": that belongs to the next unit.
    if (scaled.int.length <= 3 || unit.suffix === 'B') return render(scaled, false) + unit.suffix;
  }
  return render(plain, false);
}

/** Whether a brand timezone names a zone (the brand may also say "device" or leave it empty). */
function isZone(tz: string | undefined | null): tz is string {
  return !!tz && tz !== 'device' && tz !== 'local';
}

type DateField = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

// Building an Intl formatter is far slower than using one, and quote rows format a time on every tick.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The numeric 24-hour formatter of a zone ('' = device zone); null for a zone name Intl does not know. */
function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone || undefined,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * Makes the device zone's date formatter now. The page's first Intl formatter starts ICU, its locale and zone
 * data: 16–43 ms on this machine's CPU (a blank page in Chromium), about ten times that on a phone's. A page
 * whose first render formats times has it made in a task of its own while its config is on its way, instead of
 * inside that render (EK50); the formatter of any other zone then costs a fraction of a millisecond.
 */
export function prepareTimeFormat(): void {
  formatterFor('');
}

/** The fields of the second last read per zone: the rows of one tick mostly share their second. */
const lastFields = new Map<string, { second: number; fields: Readonly<Record<DateField, string>> }>();

/** Calendar fields of `ms` in a zone, read with Intl (which carries the time-zone rules, DST included). */
function fieldsOf(ms: number, zone: string): Readonly<Record<DateField, string>> {
  const second = Math.floor(ms / 1000);
  const last = lastFields.get(zone);
  if (last?.second === second) return last.fields;
  // An unknown zone name in a brand setting must not break every timestamp on the page.
  const formatter = formatterFor(zone) ?? (formatterFor('') as Intl.DateTimeFormat);
  const fields = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatter.formatToParts(second * 1000)) {
    if (part.type in fields) fields[part.type as DateField] = part.value;
  }
  lastFields.set(zone, { second, fields });
  return fields;
}

const TOKENS = /\[([^\]]*)]|YYYY|MM|DD|HH|mm|ss|SSS/g;

/**
 * Format epoch ms with a dayjs-style pattern (YYYY MM DD HH mm ss SSS, `[text]` literal) in `tz` (IANA
 * name; device zone when absent or unknown).
 */
export function formatTime(
  ms: number | null | undefined,
  pattern = DATE_TIME_FORMAT,
  tz?: string | null,
): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return EMPTY_VALUE;
  const f = fieldsOf(ms, isZone(tz) ? tz : '');
  const values: Record<string, string> = {
    YYYY: f.year.padStart(4, '0'),
    MM: f.month,
    DD: f.day,
    HH: f.hour,
    mm: f.minute,
    ss: f.second,
    SSS: String(((Math.floor(ms) % 1000) + 1000) % 1000).padStart(3, '0'),
  };
  return pattern.replace(TOKENS, (token, literal: string | undefined) => literal ?? values[token] ?? token);
}

/** The IANA id of a zone Intl knows (as Intl spells it); null for "device", empty or unknown names. */
export function knownZone(tz?: string | null): string | null {
  if (!isZone(tz)) return null;
  return formatterFor(tz)?.resolvedOptions().timeZone ?? null;
}

/** The IANA zone times are shown in: the brand's, or the device's when the brand says so or names none. */
export function displayZone(tz?: string | null): string {
  return knownZone(tz) ?? formatterFor('')?.resolvedOptions().timeZone ?? 'UTC';
}

/** Minutes the zone is ahead of UTC at `ms`, by the zone's own rules (daylight saving included). */
export function zoneOffsetMinutes(ms: number, tz?: string | null): number {
  const f = fieldsOf(ms, isZone(tz) ? tz : '');
  const [year, month, day, hour, minute, second] = [f.year, f.month, f.day, f.hour, f.minute, f.second].map(
    Number,
  );
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** An offset as people write it: "UTC", "UTC+9", "UTC-5", "UTC+5:30", "UTC-3:30". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** A zone's name for people: the city of an IANA id ("America/New_York" → "New York"); "UTC" for UTC. */
export function zoneName(tz?: string | null): string {
  const zone = displayZone(tz);
  if (/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)$/i.test(zone)) return 'UTC';
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/**
 * The one way a moment is shown beside its zone, on the trader's side and in the back office alike (issue #26
 * item 8): the time in `tz` (device zone when absent) followed by that moment's offset, e.g.
 * "2026-11-28 20:51:34 UTC-5" — so two screens that show one moment show the same text, and a time near a
 * daylight-saving change is never ambiguous.
 */
export function formatZonedTime(
  ms: number | null | undefined,
  tz?: string | null,
  pattern = DATE_TIME_FORMAT,
): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return EMPTY_VALUE;
  return `${formatTime(ms, pattern, tz)} ${offsetLabel(zoneOffsetMinutes(ms, tz))}`;
}
