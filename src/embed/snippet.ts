/**
 * The snippet a partner pastes (EK4): the widget's module from the platform, the element with the attributes
 * that differ from their defaults, and a `<style>` block with the colour tokens they changed. Pure: the
 * configurator's preview applies exactly what this module writes.
 */
import { THEME_TOKENS } from '../widgets/_shared/theme-tokens';
import type { WidgetMeta } from '../widgets/_shared/widget-meta';
import { API_ATTRIBUTE } from '../widgets/_shared/widget-meta';
import { attributeError, attributeText, type Choice, type FieldError } from './attributes';
import { CSS_COLOR_NAMES } from './css-colors';

/** What the partner picked. */
export interface SnippetInput {
  /** The platform origin the configurator is served from, e.g. `https://platform.example`. */
  origin: string;
  meta: Pick<WidgetMeta, 'tag' | 'attributes' | 'cssProperties'>;
  /** By attribute name; absent means not set. */
  choices: Readonly<Record<string, Choice | undefined>>;
  /** By token name (`--tk-accent`), as typed; empty or absent means the default. */
  tokens: Readonly<Record<string, string | undefined>>;
}

/** The snippet and what it is made of. */
export interface Snippet {
  /** Attribute name and text as written on the element, `api` first. */
  attributes: Array<[string, string]>;
  /** Token name and value as written in the style block. */
  tokens: Array<[string, string]>;
  /** Values left out, by attribute or token name. */
  errors: Record<string, FieldError>;
  text: string;
}

/** `&`, `<`, `>` and both quotes as character references: an attribute value can never end early. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Characters that could end the declaration, the rule or the style element, or open a string or escape. */
const UNSAFE_CSS = /[;{}<>"'`\\\p{Cc}]/u;
const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const COLOR_FUNCTION = /^(?:rgba?|hsla?)\(([^()]*)\)$/i;
const COMPONENT = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?:%|deg|grad|rad|turn)?|none)$/i;

/** The components of an rgb()/hsl() body: `r, g, b[, a]` or `r g b[ / a]`; null when it has another shape. */
function components(body: string): string[] | null {
  if (body.includes(',')) {
    const parts = body.split(',').map((part) => part.trim());
    return parts.length === 3 || parts.length === 4 ? parts : null;
  }
  const [main = '', alpha, ...more] = body.split('/');
  const parts = main.trim().split(/\s+/);
  if (more.length > 0 || parts.length !== 3) return null;
  return alpha === undefined ? parts : [...parts, alpha.trim()];
}

/** Why `value` is not a colour a token may take, or null: hex, rgb()/hsl() forms or a named colour. */
export function colorError(value: string): FieldError | null {
  if (UNSAFE_CSS.test(value)) return 'unsafe';
  const text = value.trim();
  if (HEX.test(text) || CSS_COLOR_NAMES.has(text.toLowerCase())) return null;
  const body = COLOR_FUNCTION.exec(text)?.[1];
  const parts = body === undefined ? null : components(body);
  return parts?.every((part) => COMPONENT.test(part)) ? null : 'color';
}

/** The widget's tokens whose default is a colour, in the metadata's order: those the configurator edits. */
export function colorTokens(meta: Pick<WidgetMeta, 'cssProperties'>): string[] {
  return meta.cssProperties
    .map((property) => property.name)
    .filter((name) => {
      const token = THEME_TOKENS.find((t) => t.name === name);
      return token !== undefined && colorError(token.light) === null && colorError(token.dark) === null;
    });
}

/** The built-in value of a token in the theme the element asks for (`theme="dark"`, else light). */
export function tokenDefault(name: string, theme: Choice | undefined): string | undefined {
  const token = THEME_TOKENS.find((t) => t.name === name);
  return theme === 'dark' ? token?.dark : token?.light;
}

/** The snippet for what the partner picked; values in error are left out and named in `errors`. */
export function buildSnippet(input: SnippetInput): Snippet {
  const { meta, choices, origin } = input;
  const errors: Record<string, FieldError> = {};
  const attributes: Array<[string, string]> = [[API_ATTRIBUTE.name, origin]];
  for (const attribute of meta.attributes) {
    if (attribute.name === API_ATTRIBUTE.name) continue;
    const text = attributeText(attribute, choices[attribute.name]);
    if (text === null) continue;
    const error = attributeError(attribute, text);
    if (error) errors[attribute.name] = error;
    else attributes.push([attribute.name, text]);
  }
  const tokens: Array<[string, string]> = [];
  for (const name of colorTokens(meta)) {
    const value = input.tokens[name]?.trim();
    if (!value) continue;
    const error = colorError(value);
    if (error) errors[name] = error;
    else if (value.toLowerCase() !== tokenDefault(name, choices.theme)?.toLowerCase())
      tokens.push([name, value]);
  }
  return { attributes, tokens, errors, text: snippetText(origin, meta.tag, attributes, tokens) };
}

/** Longest opening tag kept on one line; a longer one gets an attribute per line. */
const ONE_LINE = 100;

function snippetText(
  origin: string,
  tag: string,
  attributes: ReadonlyArray<[string, string]>,
  tokens: ReadonlyArray<[string, string]>,
): string {
  const written = attributes.map(([name, value]) => `${name}="${escapeHtml(value)}"`);
  const inline = `<${tag} ${written.join(' ')}>`;
  const open = inline.length <= ONE_LINE ? inline : `<${tag}\n${written.map((a) => `  ${a}`).join('\n')}\n>`;
  const lines = [
    `<script type="module" src="${escapeHtml(`${origin}/widgets/${tag}.js`)}"></script>`,
    `${open}</${tag}>`,
  ];
  if (tokens.length > 0) {
    lines.push(
      '<style>',
      `  ${tag} {`,
      ...tokens.map(([name, value]) => `    ${name}: ${value};`),
      '  }',
      '</style>',
    );
  }
  return `${lines.join('\n')}\n`;
}
