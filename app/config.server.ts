import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Runtime configuration, read once from the environment and validated, so that a bad value
 * stops the server at start with a message that names the variable instead of failing later.
 * Real environment variables win over `.env` (Node's loader never overrides what is set).
 */

const envFile = path.resolve(process.env.ENV_FILE ?? ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const httpsUrl = z
  .string()
  .url("must be a https:// address")
  .startsWith("https://", "must be a https:// address")
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_URL: z
    .string()
    .trim()
    .default("file:./data/app.db")
    .refine((v) => /^(file:|libsql:|https?:|wss?:)/.test(v), {
      message: "must start with file:, libsql:, http(s): or ws(s):",
    }),
  DATABASE_AUTH_TOKEN: optional,
  DATABASE_SYNC_URL: optional,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SESSION_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters (try: openssl rand -hex 32)",
  }),
  ADMIN_USERNAME: z.string().trim().min(3, "must be at least 3 characters").default("admin"),
  ADMIN_PASSWORD: optional.refine((v) => v === undefined || v.length >= 8, {
    message: "must be at least 8 characters",
  }),
  PREMIUM_SETTINGS_SECRET: optional.refine((v) => v === undefined || v.length >= 12, {
    message: "must be at least 12 characters, or left empty to disable the page",
  }),
  MEDIA_DIR: z.string().trim().default("./data/media"),
  DATA_DIR: z.string().trim().default("./data"),
  PAYEE_BANK_NAME: z.string().trim().min(1).default("Khan Bank"),
  PAYEE_BANK_ACCOUNT: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, "must be 6 to 20 digits")
    .default("5012345678"),
  PAYEE_ACCOUNT_NAME: z.string().trim().min(1).default("StoryShare LLC"),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .email("must be an e-mail address")
    .default("hello@storyshare.mn"),
  CONTACT_PHONE: z.string().trim().min(6).default("+976 7011 2233"),
  /** Unset, the footer shows the demo address from the catalogues, in the page's language. */
  CONTACT_ADDRESS: optional,
  /** Social links of the footer: an icon shows only when its address is set (issue 16). */
  SOCIAL_FACEBOOK_URL: optional.pipe(httpsUrl),
  SOCIAL_INSTAGRAM_URL: optional.pipe(httpsUrl),
  SOCIAL_X_URL: optional.pipe(httpsUrl),
  SOCIAL_YOUTUBE_URL: optional.pipe(httpsUrl),
  /**
   * The site's public origin (https://storyshare.mn): every absolute link (feeds, sitemap,
   * robots, canonical and Open Graph URLs) is built from it, never from a request's Host.
   */
  SITE_URL: optional.refine((v) => v === undefined || /^https?:\/\/[^/?#\s]+\/?$/.test(v), {
    message: "must be an origin such as https://storyshare.mn (scheme and host, no path)",
  }),
  /** Set when a reverse proxy in front sets X-Forwarded-For: rate limits can then key on the client's address. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Set by `npm start`'s front for its workers, new at each boot (decision 046): X-Forwarded-* is
   * then believed only from a request that carries it, i.e. from the front itself.
   */
  FRONT_SECRET: optional,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Where mail goes: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. Unset,
   * each message is written as an .eml file under DATA_DIR/mail/ (decision 027).
   */
  SMTP_URL: optional.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), {
    message: "must be an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.mn:587",
  }),
  /** The sender of every mail: an address, or «Name <address>». */
  MAIL_FROM: z.string().trim().min(3).default("StoryShare <no-reply@storyshare.mn>"),
  /**
   * An HTTP endpoint that sends an SMS: it receives POST { "to": "<8 digits>", "text": "…" } as
   * JSON. Unset, text messages are not sent (and recorded as skipped). docs/messages.md shows how
   * to adapt a provider's API to it.
   */
  SMS_GATEWAY_URL: optional.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: "must be an http:// or https:// address",
  }),
  /** Sent as `Authorization: Bearer <token>` to the SMS gateway, when set. */
  SMS_GATEWAY_TOKEN: optional,
  /**
   * QPay's merchant API (issue 39, decision 057): all four set, every pledge, site donation and
   * featured story also gets a QPay invoice; any unset, the site takes bank transfers only.
   * `QPAY_URL` is the API's origin (https://merchant.qpay.mn, or the sandbox's).
   */
  QPAY_URL: optional.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: "must be an http:// or https:// address",
  }),
  QPAY_CLIENT_ID: optional,
  QPAY_CLIENT_SECRET: optional,
  QPAY_INVOICE_CODE: optional,
  /**
   * A public form (register, comment, donate, report) sent sooner than this after it was shown
   * is taken for a program and asked again (app/http/bot-trap.server.ts). 0 turns the wait off.
   */
  FORM_MIN_FILL_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(60_000).default(2500),
  ),
});

export type Config = z.infer<typeof schema> & { SESSION_SECRET: string };

/** Validates an environment; throws an Error whose message names every bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return { ...env, SESSION_SECRET: env.SESSION_SECRET ?? localSecret(env.DATA_DIR) };
}

function readConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    // Print before throwing: the error may be swallowed by whoever imports this module.
    console.error((error as Error).message);
    throw error;
  }
}

/**
 * With no SESSION_SECRET a random one is generated once and kept under the data folder, so
 * local use needs no setup and no secret is ever written in the code. Several servers behind a
 * load balancer must share SESSION_SECRET instead.
 */
function localSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const config: Config = readConfig();

export const payee = {
  bank_name: config.PAYEE_BANK_NAME,
  bank_account: config.PAYEE_BANK_ACCOUNT,
  account_name: config.PAYEE_ACCOUNT_NAME,
};

export const contact = {
  email: config.CONTACT_EMAIL,
  phone: config.CONTACT_PHONE,
  /** null: the catalogue's address, in the page's language. */
  address: config.CONTACT_ADDRESS ?? null,
};

/** The footer's social links that are configured, in the footer's order. */
export const social = (
  [
    ["facebook", config.SOCIAL_FACEBOOK_URL],
    ["instagram", config.SOCIAL_INSTAGRAM_URL],
    ["x", config.SOCIAL_X_URL],
    ["youtube", config.SOCIAL_YOUTUBE_URL],
  ] as const
)
  .filter((entry): entry is readonly [(typeof entry)[0], string] => Boolean(entry[1]))
  .map(([key, url]) => ({ key, url }));
