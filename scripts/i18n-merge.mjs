#!/usr/bin/env node
/**
 * Merges translation fragments into the locale files: `node scripts/i18n-merge.mjs <dir>` where <dir> holds
 * `<lang>.json` files (any subset of top-level sections). Keys already present are overwritten; the result is
 * written with the same formatting as the locale files. Used when several people add strings at once.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = new URL('../src/core/i18n/locales/', import.meta.url);

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/i18n-merge.mjs <fragment-dir>');
  process.exit(2);
}
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const target = new URL(file, LOCALES);
  const current = JSON.parse(readFileSync(target, 'utf8'));
  const fragment = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  writeFileSync(target, `${JSON.stringify(merge(current, fragment), null, 2)}\n`);
  console.log(`merged ${file}`);
}
