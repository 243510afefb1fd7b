/** The service worker's pure parts: what a push shows and the offline page (tested without a worker). */

/** The texts of the offline page (`offline` namespace). */
export interface OfflineStrings {
  title: string;
  body: string;
  retry: string;
}

/** A notification to show: its title and the options of `showNotification`. */
export interface ShownPush {
  title: string;
  options: { body: string; tag: string; icon: string; data: { url: string } };
}

/** Longest title and body shown (a push is at most 4 KB; the platforms cut far earlier). */
const TITLE_MAX = 120;
const BODY_MAX = 500;

/**
 * What a push shows, from the server's JSON (`{id, title, body, url}`); null when it is not one of ours. A
 * notification's id is its tag, so a push that arrives twice shows once.
 */
export function pushNotification(text: string | null): ShownPush | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const { id, title, body, url } = (data ?? {}) as Record<string, unknown>;
  if (typeof title !== 'string' || title === '' || typeof id !== 'string') return null;
  return {
    title: title.slice(0, TITLE_MAX),
    options: {
      body: typeof body === 'string' ? body.slice(0, BODY_MAX) : '',
      tag: `tk-notification-${id}`,
      icon: '/favicon.svg',
      // A path of this site only; anything else opens the start page.
      data: { url: typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/' },
    },
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The offline page: static HTML in the language, no script, its one style block allowed by its own policy (the
 * worker makes this response, so the server's page policy does not reach it). "Try again" reloads by link.
 */
export function offlinePage(language: string, strings: OfflineStrings): Response {
  const html = `<!doctype html>
<html lang="${escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escape(strings.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:Canvas;color:CanvasText}
main{max-width:28rem;padding:1.5rem;text-align:center}
h1{font-size:1.375rem;margin:0 0 .75rem}
a{display:inline-block;margin-top:1rem;padding:.625rem 1.25rem;border-radius:.5rem;background:#2962ff;color:#fff;text-decoration:none}
a:focus-visible{outline:3px solid #1e40af;outline-offset:2px}
</style>
</head>
<body><main><h1>${escape(strings.title)}</h1><p>${escape(strings.body)}</p><a href="">${escape(strings.retry)}</a></main></body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}
