import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { statementImports } from "#db/schema";
import { readToast } from "~/models/sessions.server";
import { readStatement } from "~/models/statement-file.server";
import { createUser } from "~/models/users.server";
import { action as uploadAction } from "~/routes/admin.donations.reconcile_.upload";
import { action as apiUpload } from "~/routes/api.reconciliation";
import { cookiesFrom, getRequest, ORIGIN, routeArgs, signInAs } from "./helpers";

/**
 * Issue 41 item 4: a PDF statement was read as CSV (`%PDF-1.4` became a data row on the column
 * screen). It is refused by its content, whatever its name, with what to download instead, and
 * nothing is stored.
 */

/** A PDF as internet banks save one: text-only objects, so no NUL byte gives it away. */
const PDF = new TextEncoder().encode(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
);

let admin: string;
beforeAll(async () => {
  await createUser("pdf_boss", "secret-pass", "admin");
  admin = await signInAs("pdf_boss");
});

function upload(
  path: string,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  json: boolean,
  lng = "mn",
) {
  const form = new FormData();
  form.set("preset", "auto");
  form.set("statement", new File([bytes], name, { type: "text/csv" }));
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN, cookie: admin });
  if (json) headers.set("accept", "application/json");
  return new Request(`${ORIGIN}${path}?lng=${lng}`, { method: "POST", headers, body: form });
}

const imports = async () => (await db.select().from(statementImports)).length;

describe("a PDF statement", () => {
  it("is refused by content, not by name, even after a line of junk before its header", async () => {
    for (const bytes of [PDF, new Uint8Array([0x0d, 0x0a, 0x20, ...PDF])]) {
      await expect(readStatement(bytes)).rejects.toMatchObject({
        status: 415,
        message: "admin:reconcile.errors.pdf",
      });
    }
  });

  it("the upload screen says to download CSV or Excel, in both languages, and stores nothing", async () => {
    const before = await imports();
    const toastRes = (await uploadAction(
      routeArgs(upload("/admin/donations/reconcile/upload", "statement.csv", PDF, false)),
    )) as Response;
    expect(toastRes.status).toBe(302);
    const { toast } = await readToast(getRequest("/", cookiesFrom(toastRes)));
    expect(toast).toMatchObject({ type: "error", description: "admin:reconcile.errors.pdf" });

    for (const [lng, words] of [
      ["mn", /интернэт банк.*CSV.*Excel/is],
      ["en", /internet bank.*CSV or Excel/s],
    ] as const) {
      const res = (await uploadAction(
        routeArgs(upload("/admin/donations/reconcile/upload", "statement.csv", PDF, true, lng)),
      )) as Response;
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(words);
    }
    expect(await imports()).toBe(before);
  });

  it("/api/reconciliation refuses it the same way", async () => {
    const before = await imports();
    const res = (await apiUpload(
      routeArgs(upload("/api/reconciliation", "statement.pdf", PDF, true, "en")),
    )) as Response;
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/CSV or Excel/);
    expect(await imports()).toBe(before);
  });
});
