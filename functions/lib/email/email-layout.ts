import { publicUrl } from '../chassis/config.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface EmailLayout {
  title: string;
  /** The line an inbox shows next to the subject; hidden in the message itself. */
  preview?: string;
  /** Paragraphs of plain text; escaped for HTML. */
  paragraphs: string[];
  /** Label/value rows shown as a small table after the paragraphs. */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  footer: string;
  /** Links under the footer text, such as where to change the settings that caused the e-mail. */
  footerLinks?: Array<{ label: string; url: string }>;
}

/** The product's e-mail layout: a card with a title, paragraphs, one button and a footer. */
export function renderEmail(layout: EmailLayout): { html: string; text: string } {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(t)}</p>`;
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:#0891b2;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px;font-size:15px">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#64748b">If the button does not work, paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(layout.action.url)}</span></p>`
    : '';
  const details = layout.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;border:1px solid #e2e8f0;border-radius:8px;border-collapse:separate">
${layout.details
  .map(
    ([label, value]) =>
      `<tr><td style="padding:10px 14px;font-size:13px;color:#64748b;border-bottom:1px solid #f1f5f9;width:40%">${escapeHtml(label)}</td><td style="padding:10px 14px;font-size:15px;color:#0f172a;font-weight:600;border-bottom:1px solid #f1f5f9">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>`
    : '';
  const link = (label: string, url: string) => `<a href="${escapeHtml(url)}" style="color:#0e7490">${escapeHtml(label)}</a>`;
  const footerLinks = [
    ...(layout.footerLinks ?? []).map(({ label, url }) => link(label, url)),
    link('Subscription Tracker', publicUrl('/')),
  ].join(' &middot; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
${layout.preview ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(layout.preview)}</div>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#0f172a;padding:20px 28px;color:#ffffff;font-size:18px;font-weight:700">Subscription Tracker</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0f172a">${escapeHtml(layout.title)}</h1>
${layout.paragraphs.map(p).join('\n')}
${details}
${button}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(layout.footer)}<br>${footerLinks}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    layout.title,
    '',
    ...layout.paragraphs.flatMap((t) => [t, '']),
    ...(layout.details?.length ? [...layout.details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    '--',
    layout.footer,
    ...(layout.footerLinks ?? []).map(({ label, url }) => `${label}: ${url}`),
    `Subscription Tracker: ${publicUrl('/')}`,
  ].join('\n');
  return { html, text };
}
