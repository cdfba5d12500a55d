import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import type { OutboxRow } from "~/models/outbox.server";
import type { Rendered } from "./render.server";

/**
 * The two ways out (decision 027). E-mail goes to SMTP_URL through nodemailer; with no SMTP_URL
 * each message is written as an .eml file under DATA_DIR/mail/, so a fresh `npm start` works and
 * a developer can open what would have been sent. A text message is a JSON POST to
 * SMS_GATEWAY_URL; with none, it is skipped and recorded as such.
 */

export const MAIL_DIR = path.resolve(config.DATA_DIR, "mail");

let smtp: Transporter | null = null;
const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** The domain of MAIL_FROM, for Message-IDs that stay the same when a message is sent again. */
const mailDomain = () => /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? "storyshare.mn";

/** Where a mail is written when there is no SMTP server: DATA_DIR/mail/<id>-<kind>.eml. */
export const mailFile = (row: Pick<OutboxRow, "id" | "kind">) =>
  path.join(MAIL_DIR, `${row.id}-${row.kind.replace(/[^\w.-]/g, "_")}.eml`);

/** Sends one e-mail; answers where it went (the .eml file when there is no SMTP server). */
export async function sendEmail(row: OutboxRow, message: Rendered): Promise<string> {
  const mail = {
    from: config.MAIL_FROM,
    to: row.recipient,
    subject: message.subject ?? "",
    text: message.text,
    html: message.html ?? undefined,
    // The same id on every try: a receiving server that got the first one can drop a repeat.
    messageId: `<outbox-${row.id}@${mailDomain()}>`,
    headers: {
      "Auto-Submitted": "auto-generated",
      // RFC 8058: the mail program's own «unsubscribe» posts to this address; no sign-in needed.
      ...(message.unsubscribe
        ? {
            "List-Unsubscribe": `<${message.unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
  };
  if (config.SMTP_URL) {
    // Every step bounded, so one try ends well within its claim (outbox.server.ts).
    smtp ??= nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const info = await smtp.sendMail(mail);
    return `smtp ${info.response ?? ""}`.trim();
  }
  const info = await files.sendMail(mail);
  mkdirSync(MAIL_DIR, { recursive: true });
  const file = mailFile(row);
  writeFileSync(file, info.message as Buffer);
  return `file ${path.relative(config.DATA_DIR, file)}`;
}

/**
 * A Mongolian mobile number as the gateway takes it, 8 digits: "9911 2233", "+976 99112233" and
 * "976-99-11-22-33" all give 99112233. Null for anything else.
 */
export function mongolianMobile(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const local = digits.length === 11 && digits.startsWith("976") ? digits.slice(3) : digits;
  return /^[6-9]\d{7}$/.test(local) ? local : null;
}

const SMS_TIMEOUT_MS = 10_000;

/** Sends one text message; answers why it was not sent (a reason code), or null when it was. */
export async function sendSms(row: OutboxRow, text: string): Promise<string | null> {
  const to = mongolianMobile(row.recipient);
  if (!to) return "notMobile";
  if (!config.SMS_GATEWAY_URL) return "noGateway";
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (config.SMS_GATEWAY_TOKEN) headers.Authorization = `Bearer ${config.SMS_GATEWAY_TOKEN}`;
  const answer = await fetch(config.SMS_GATEWAY_URL, {
    method: "POST",
    headers,
    body: JSON.stringify({ to, text }),
    signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`the SMS gateway answered ${answer.status}`);
  return null;
}
