import { config } from "~/config.server";

/**
 * Structured logs: one JSON object per line on stdout/stderr, so a log shipper can parse them.
 * Never pass passwords, session ids or full request bodies.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < LEVELS[config.LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};

/** What a log line says about something thrown: an Error's message and stack, else its JSON. */
export function errorFields(error: unknown) {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  if (typeof error === "object" && error !== null) {
    try {
      return { error: JSON.stringify(error) };
    } catch {}
  }
  return { error: String(error) };
}
