import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { E2E_DIR } from "../../playwright.config";
import { expect } from "./fixtures";

/**
 * The link to `route` in the newest mail of `kind` to `address` (10 s at most): the test server
 * has no SMTP_URL, so its mail is written as .eml files under its DATA_DIR/mail.
 */
export async function linkIn(address: string, kind: string, route: string) {
  const dir = path.join(E2E_DIR, "mail");
  let link = "";
  await expect
    .poll(
      async () => {
        const files = existsSync(dir)
          ? readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`))
          : [];
        for (const f of files.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))) {
          const mail = await simpleParser(readFileSync(path.join(dir, f)));
          if (mail.to && "text" in mail.to && mail.to.text === address) {
            link =
              new RegExp(`https?://\\S+${route}\\?token=\\S+`).exec(mail.text ?? "")?.[0] ?? "";
            return link;
          }
        }
        return "";
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  const url = new URL(link);
  return url.pathname + url.search;
}
