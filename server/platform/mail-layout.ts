import type { Language } from "./language.js";

const platformFooters: Record<Language, string> = {
  en: "This mail was sent automatically by the event platform. Please do not reply.",
  fr: "Cet e-mail a été envoyé automatiquement par la plateforme événementielle. Merci de ne pas y répondre.",
  es: "Este correo lo envía automáticamente la plataforma de eventos. No responda, por favor.",
};
const whiteLabelFooters: Record<Language, string> = {
  en: "This mail was sent automatically. Please do not reply.",
  fr: "Cet e-mail a été envoyé automatiquement. Merci de ne pas y répondre.",
  es: "Este correo se envía automáticamente. No responda, por favor.",
};

/**
 * The closing line of every transactional mail. One sent for an event whose white label covers its mails (SPEC §3
 * "white label (event, mails, campaigns)") does not name the platform; mails of no event (sign-in) always do.
 */
export function transactionalFooter(language: Language, event?: { whiteLabel: { mails: boolean } }): string {
  return (event?.whiteLabel.mails ? whiteLabelFooters : platformFooters)[language];
}

/** The frame of every transactional mail: one title, a few paragraphs, one button, and the same plain-text twin. */
export type MailContent = {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function renderMail(content: MailContent, language: string): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escapeHtml(p)}</p>`)
    .join("");
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1c5dd6;color:#ffffff;padding:12px 24px;border-radius:6px;font-weight:600;text-decoration:none;font-size:16px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;background:#f3f5f8;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#102a43">${escapeHtml(content.title)}</h1>
${paragraphs}${button}
<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(content.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    content.title,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    content.footer,
  ].join("\n");
  return { html, text };
}
