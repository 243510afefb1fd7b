#!/usr/bin/env node
/**
 * Merges translation fragments into the locale files: `node scripts/i18n-merge.mjs <dir>` where <dir> holds
 * `<lang>/<namespace>.json` files (any subset of a namespace's keys, full key paths as in the locale files).
 * Keys already present are overwritten; a namespace file that does not exist yet is created (a new widget's);
 * the result is written with the same formatting as the locale files. Used when several people add strings at
 * once.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
for (const lang of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  for (const file of readdirSync(join(dir, lang.name)).filter((name) => name.endsWith('.json'))) {
    const folder = new URL(`${lang.name}/`, LOCALES);
    if (!existsSync(folder)) {
      console.error(`no locale folder for language ${lang.name}`);
      process.exit(1);
    }
    const target = new URL(file, folder);
    const current = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
    const fragment = JSON.parse(readFileSync(join(dir, lang.name, file), 'utf8'));
    writeFileSync(target, `${JSON.stringify(merge(current, fragment), null, 2)}\n`);
    console.log(`merged ${lang.name}/${file}`);
  }
}
