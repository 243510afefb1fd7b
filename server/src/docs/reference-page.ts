/** The readable API reference: one HTML page rendered from the OpenAPI document, no script, no outside asset. */

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A short type text of a JSON schema: `string ≤ 140`, `integer 1…5`, `"a" | "b"`, `Product[]`. */
export function typeText(schema: Json | undefined): string {
  if (!schema) return '—';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeText).join(' | ');
  const type = schema.type;
  if (type === 'array') return `${typeText(schema.items as Json)}[]`;
  if (type === 'string') {
    const bits = [
      schema.maxLength !== undefined ? `≤ ${schema.maxLength}` : '',
      schema.format ? String(schema.format) : '',
    ];
    return ['string', ...bits.filter(Boolean)].join(' ');
  }
  if (type === 'integer' || type === 'number') {
    const range =
      schema.minimum !== undefined || schema.maximum !== undefined
        ? ` ${schema.minimum ?? '−∞'}…${schema.maximum ?? '∞'}`
        : '';
    return `${type}${range}`;
  }
  if (type === 'object') return 'object';
  return typeof type === 'string' ? type : 'any';
}

function fieldsTable(schema: Json | undefined, caption: string): string {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const names = Object.keys(props);
  if (names.length === 0) return '';
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const rows = names
    .map(
      (name) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <small>optional</small>'}</td>` +
        `<td><code>${escapeHtml(typeText(props[name]))}</code></td>` +
        `<td>${escapeHtml(String(props[name]?.description ?? ''))}</td></tr>`,
    )
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: Json): string {
  const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined) ?? {};
  const bodySchema = Object.values(body)[0]?.schema as Json | undefined;
  const params = (op.parameters as Json[] | undefined) ?? [];
  const paramSchema: Json = {
    properties: Object.fromEntries(
      params.map((p) => [`${p.name} (${p.in})`, { ...(p.schema as Json), description: p.description }]),
    ),
    required: params.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
  };
  const ok = (op.responses as Record<string, Json> | undefined)?.['200'];
  const answer = Object.values((ok?.content as Record<string, Json> | undefined) ?? {})[0]?.schema as
    Json | undefined;
  const data = (answer?.properties as Record<string, Json> | undefined)?.data;
  const secured = Array.isArray(op.security) && op.security.length > 0;
  const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
  return (
    `<section class="op" id="${escapeHtml(id)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>` +
    `${secured ? ' <span class="lock" title="needs a token">token</span>' : ''}</h3>` +
    `<p>${escapeHtml(String(op.summary ?? ''))}</p>` +
    (op.description ? `<p class="codes">${escapeHtml(String(op.description))}</p>` : '') +
    fieldsTable(paramSchema, 'Parameters') +
    fieldsTable(bodySchema, 'Body') +
    (data
      ? `<p>Answer: <code>data</code> is <code>${escapeHtml(typeText(data))}</code></p>`
      : `<p>Answers: <code>${escapeHtml(Object.keys((ok?.content as Json | undefined) ?? {}).join(', '))}</code></p>`) +
    fieldsTable(data?.type === 'object' ? data : (data?.items as Json | undefined), 'Answer fields') +
    `</section>`
  );
}

/** The page's only style block; the page's policy names its hash (no other inline style is allowed). */
export const REFERENCE_CSS = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:980px;padding:16px;color:#1b1f24;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6e8eb;background:#121417}table,th,td{border-color:#333!important}.op{border-color:#333!important}}
h1{margin:0 0 4px}nav{margin:8px 0 24px}code{font:13px/1.4 ui-monospace,monospace}
.op{border:1px solid #dde1e6;border-radius:8px;padding:8px 14px;margin:12px 0}.op h3{margin:4px 0;font-size:15px}
.m{display:inline-block;min-width:44px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 4px;background:#2f6fde}.m.get{background:#1f8a4c}
.lock{font-size:11px;border:1px solid currentColor;border-radius:4px;padding:0 4px}.codes{font-size:13px;opacity:.8}
table{border-collapse:collapse;width:100%;margin:6px 0}caption{text-align:left;font-weight:600;font-size:13px}th,td{border:1px solid #dde1e6;padding:3px 6px;text-align:left;vertical-align:top;font-size:13px}
`;

/** The page. */
export function renderReferencePage(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other');
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const nav = tags.map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`).join(' · ');
  const sections = tags
    .map((t) => `<h2 id="tag-${escapeHtml(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title ?? 'API'))} — reference</title>
<style>${REFERENCE_CSS}</style></head><body><h1>${escapeHtml(String(info.title ?? 'API'))}</h1><p>Version ${escapeHtml(String(info.version ?? ''))} · <a href="openapi.json">openapi.json</a></p>
<p>${escapeHtml(String(info.description ?? ''))}</p><nav>${nav}</nav>${sections}</body></html>`;
}
