import type { BrandRecord } from './store';
import { escapeXml } from './svg';

const safeHref = (url: string) => (/^(https?:|mailto:)/i.test(url) ? escapeXml(url) : '#');

/**
 * The live-chat desk page that the support widget frames (English: spec §4 opens the chat link with language
 * en). It names the desk and lists the brand's other contact channels.
 */
export function renderSupportPage(brand: BrandRecord, logoUrl: string): string {
  const dark = brand.settings.theme === 'dark';
  const accent = /^#[0-9a-f]{3,6}$/i.test(brand.settings.colors.up) ? brand.settings.colors.up : '#2962ff';
  const channels = [
    brand.support.email && {
      label: 'Email',
      value: brand.support.email,
      href: `mailto:${brand.support.email}`,
    },
    brand.support.telegram && {
      label: 'Telegram',
      value: brand.support.telegram,
      href: brand.support.telegram,
    },
    brand.support.whatsapp && {
      label: 'WhatsApp',
      value: brand.support.whatsapp,
      href: brand.support.whatsapp,
    },
  ].filter((channel): channel is { label: string; value: string; href: string } => Boolean(channel));
  const items = channels
    .map(
      (c) =>
        `<li><span>${c.label}</span><a href="${safeHref(c.href)}" target="_blank" rel="noopener noreferrer">${escapeXml(c.value)}</a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live chat · ${escapeXml(brand.name)}</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    background: ${dark ? '#0b1020' : '#f5f7fa'}; color: ${dark ? '#f5f7fa' : '#131722'}; }
  main { max-width: 560px; margin: 0 auto; padding: 24px 20px; }
  h1 { font-size: 20px; margin: 16px 0 4px; }
  .status { display: inline-flex; align-items: center; gap: 6px; font-size: 13px; }
  .status::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: ${accent}; }
  ul { list-style: none; padding: 0; margin: 20px 0 0; }
  li { display: flex; justify-content: space-between; gap: 12px; padding: 12px 0;
    border-top: 1px solid ${dark ? '#2a3350' : '#e0e3eb'}; }
  a { color: ${accent}; word-break: break-all; text-align: right; }
</style>
</head>
<body>
<main>
<img src="${escapeXml(logoUrl)}" alt="${escapeXml(brand.name)}" height="40">
<h1>${escapeXml(brand.name)} live chat</h1>
<p class="status">Support desk online 24/7</p>
<p>Our support team answers questions about your account, deposits, withdrawals and trading.
Please mention your account email or UID when you write to us.</p>
${items ? `<p>Reach the desk on:</p>\n<ul>\n${items}\n</ul>` : ''}
</main>
</body>
</html>`;
}
