/**
 * One e-mail, as the templates describe it, and its two forms: plain text and a simple HTML page
 * that reads well on a phone (one column, inline styles: mail programs ignore style sheets).
 */
export interface Mail {
  subject: string;
  paragraphs: string[];
  /** Lists of links under a heading (a digest's new stories, its updates), after the paragraphs. */
  sections?: { heading: string; links: { text: string; href: string }[]; more?: string }[];
  /** Label and value rows (the amount, the account, the payment code…). */
  facts?: [string, string][];
  /** The one thing to open: the donor's status page. */
  action?: { label: string; href: string; lead?: string };
  /** Small print: why this was sent, how to reach us. */
  footer: string[];
  /** What the site is called, at the top of the HTML. */
  brand: string;
}

export function mailText(mail: Mail): string {
  const blocks = [
    mail.paragraphs.join("\n\n"),
    ...(mail.sections ?? []).map((section) =>
      [
        section.heading,
        ...section.links.map((link) => `- ${link.text}\n  ${link.href}`),
        section.more ?? "",
      ]
        .filter(Boolean)
        .join("\n"),
    ),
    mail.facts?.length ? mail.facts.map(([label, value]) => `${label}: ${value}`).join("\n") : "",
    mail.action ? [mail.action.lead, mail.action.href].filter(Boolean).join("\n") : "",
    `--\n${mail.footer.join("\n")}`,
  ];
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const P = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937";

export function mailHtml(mail: Mail, lang: string): string {
  const facts = mail.facts?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px;font-size:15px">${mail.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 12px 8px 0;color:#6b7280;border-top:1px solid #e5e7eb;vertical-align:top">${escapeHtml(label)}</td><td style="padding:8px 0;font-weight:600;color:#111827;border-top:1px solid #e5e7eb;word-break:break-all">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const sections = (mail.sections ?? [])
    .map(
      (section) =>
        `<h2 style="margin:8px 0 8px;font-size:17px;color:#111827">${escapeHtml(section.heading)}</h2><ul style="margin:0 0 16px;padding-left:20px">${section.links
          .map(
            (link) =>
              `<li style="${P};margin:0 0 8px"><a href="${escapeHtml(link.href)}" style="color:#0f766e">${escapeHtml(link.text)}</a></li>`,
          )
          .join("")}</ul>${section.more ? `<p style="${P}">${escapeHtml(section.more)}</p>` : ""}`,
    )
    .join("\n");
  const action = mail.action
    ? `${mail.action.lead ? `<p style="${P}">${escapeHtml(mail.action.lead)}</p>` : ""}<p style="margin:0 0 24px"><a href="${escapeHtml(mail.action.href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(mail.action.label)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px;color:#0f766e">${escapeHtml(mail.brand)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827">${escapeHtml(mail.subject)}</h1>
${mail.paragraphs.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`).join("\n")}
${sections}${facts}${action}</div>
${mail.footer.map((line) => `<p style="margin:12px 0 0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(line)}</p>`).join("\n")}
</div></body></html>
`;
}

const QUOTE_CHARS = 140;

/** What a mail quotes of someone's text (a comment, a campaign update): one line, 140 at most. */
export function mailQuote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat;
}
