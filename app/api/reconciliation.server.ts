import { apiJson, HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import {
  AssignmentsInput,
  confirmAssignments,
  reconciliationView,
  setLineAside,
} from "~/models/reconcile-match.server";
import { importUploadedStatement } from "~/models/statement-import.server";
import { operation, patchOrPost, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/**
 * Reconciliation: bank statements matched to pledges, donations and story payments
 * (docs/decisions/013). The screen's twin for scripts.
 */

const TAG = "Reconciliation";

const TargetKind = z.enum(["pool", "general", "story"]);
/** A line may also be a month of a monthly gift (issue 43): it becomes a new gift of that month. */
const MatchKind = z.enum(["pool", "general", "story", "monthly"]);

const Target = z
  .object({
    kind: MatchKind.openapi({
      description: "`monthly`: a monthly gift (its id); the line becomes a new gift of its month.",
    }),
    id: Whole,
    amount: Whole.openapi({ description: "What the payer owes (a month's promise), in tugrik." }),
    code: z
      .string()
      .nullable()
      .openapi({ description: "The payment code (X…, C…, M…, or 6 digits)." }),
    donor_reference: z.string().nullable(),
    name: z.string(),
    label: z
      .string()
      .nullable()
      .openapi({ description: "The campaign's name or the story's title." }),
    pool_id: Whole.nullable(),
    submitted_at: DateTime,
    monthly_status: z
      .enum(["active", "paused", "stopped"])
      .optional()
      .openapi({ description: "A monthly gift's status; a stopped one's transfer is partial." }),
  })
  .strict()
  .openapi("PaymentTarget");

const Line = z
  .object({
    id: Whole,
    import_id: Whole,
    booked_on: z.string(),
    amount: Whole,
    description: z.string(),
    counterparty: z.string().nullable(),
    account: z.string().nullable(),
    bank_reference: z.string().nullable(),
  })
  .strict()
  .openapi("StatementLine");

const Matched = z
  .object({
    line: Line,
    group: z.enum(["exact", "partial", "unmatched"]),
    candidates: z.array(Target).openapi({
      description: "Exact: the one payment it matches. Partial: the ones to choose from.",
    }),
    reason: z
      .enum(["amount", "several", "noReference", "taken", "stopped"])
      .optional()
      .openapi({ description: "Partial: why it is not exact." }),
  })
  .strict()
  .openapi("MatchedLine");

const Already = z
  .object({
    line: Line,
    paid: z
      .object({
        kind: TargetKind,
        id: Whole,
        code: z.string(),
        amount: Whole,
        name: z.string(),
        label: z.string().nullable(),
        invoice_id: z.string().nullable(),
        payment_id: z.string().nullable(),
        paid_at: DateTime.nullable(),
      })
      .strict()
      .openapi({ description: "The payment QPay confirmed whose code the line carries." }),
  })
  .strict()
  .openapi("AlreadyConfirmedLine");

const Group = z.object({ count: Whole, total: Whole }).strict();

const View = z
  .object({
    exact: z.array(Matched),
    partial: z.array(Matched),
    unmatched: z.array(Matched),
    already: z.array(Already).openapi({
      description:
        "Lines carrying the code of a payment already confirmed through QPay (QPay settling to " +
        "the account): they credit nothing; confirming one is refused (409), setting it aside is the way.",
    }),
    totals: z.object({ exact: Group, partial: Group, unmatched: Group, already: Group }).strict(),
  })
  .strict()
  .openapi("Reconciliation");

const Outcome = z
  .object({
    importId: Whole,
    status: z.enum(["imported", "needs_mapping"]),
    preset: z.string().nullable(),
    linesNew: Whole,
    linesDuplicate: Whole,
    linesOutgoing: Whole,
    linesUnreadable: Whole,
  })
  .strict()
  .openapi("StatementImport");

export const reconciliation = resource(
  "/api/reconciliation",
  TAG,
  {},
  {
    GET: operation({
      summary: "Open statement lines",
      description:
        "In three groups: exact (one payment matches by code and amount), partial (a person " +
        "must choose) and unmatched, with the payments each may be and the groups' totals.",
      access: "admin",
      responses: { 200: { description: "The open lines.", schema: View } },
      handler: async () => {
        const { exact, partial, unmatched, already, totals } = await reconciliationView();
        return apiJson({ exact, partial, unmatched, already, totals });
      },
    }),
    POST: operation({
      summary: "Import a bank statement",
      description:
        "A statement file (CSV or Excel, at most 5 MB) exported from the bank. A line already " +
        "imported is not added twice; outgoing transfers are left out.",
      access: "admin",
      rawBody: {
        content: {
          "multipart/form-data": z
            .object({
              statement: z.string().openapi({ type: "string", format: "binary" }),
              preset: z
                .enum(["auto", "khan", "golomt", "tdb", "xac"])
                .optional()
                .openapi({ description: "The bank, or `auto` (default) to recognise it." }),
            })
            .openapi("StatementUpload"),
        },
      },
      responses: {
        201: { description: "Imported: what it added.", schema: Outcome },
        202: {
          description: "Kept, but its columns must be mapped on the screen first.",
          schema: Outcome,
        },
        413: refused("The file is larger than 5 MB."),
      },
      handler: async ({ request, user }) => {
        if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
          throw new HttpError(415, "admin:reconcile.errors.notStatement");
        const outcome = await importUploadedStatement(request, user);
        return apiJson(outcome, { status: outcome.status === "imported" ? 201 : 202 });
      },
    }),
  },
);

export const confirmReconciliation = resource(
  "/api/reconciliation/confirm",
  TAG,
  {},
  {
    POST: operation({
      summary: "Confirm matches",
      description:
        "`12:pool:7`: statement line 12 paid for campaign pledge 7 (or `general` for a site " +
        "donation, `story` for a story's plan, `monthly` for a monthly gift: `12:monthly:3` makes " +
        "the line a new verified gift of its month). Each is verified on its own, exactly once; the " +
        "answer lists what was confirmed and what could not be, and why. At most 200.",
      access: "admin",
      body: AssignmentsInput.openapi("Assignments"),
      responses: {
        200: {
          description: "What was done.",
          schema: z
            .object({
              confirmed: z.array(
                z
                  .object({
                    lineId: Whole,
                    kind: TargetKind,
                    id: Whole.openapi({
                      description: "The gift verified (for a monthly line, the new one).",
                    }),
                    amount: Whole,
                    monthly_gift_id: Whole.optional(),
                  })
                  .strict(),
              ),
              failed: z.array(
                z
                  .object({
                    lineId: Whole,
                    message: z.string().openapi({ description: "Why, in the request's language." }),
                  })
                  .strict(),
              ),
            })
            .strict(),
        },
      },
      handler: async ({ request, user, body }) => {
        const summary = await confirmAssignments(body.assignments, user);
        const t = await getT(request, ["common", "admin", "donate"]);
        const failed = summary.failed.map((f) => ({ ...f, message: t(f.message) }));
        return apiJson({ ...summary, failed });
      },
    }),
  },
);

const LINE = { id: "admin:reconcile.errors.lineNotFound" } as const;

const lineDecision = (reopen: boolean) =>
  patchOrPost(
    operation<"id", "admin">({
      summary: reopen ? "Reopen a statement line" : "Set a statement line aside",
      description: reopen
        ? "Put a line set aside back among the open ones."
        : "Not a donation (interest, a refund…): it leaves the open lines; it can be reopened.",
      access: "admin",
      responses: {
        200: {
          description: "Its status now.",
          schema: z
            .object({ line_id: Whole, status: z.literal(reopen ? "open" : "dismissed") })
            .strict(),
        },
        409: refused(reopen ? "The line is not set aside." : "The line is not open."),
      },
      handler: async ({ ids, user }) => apiJson(await setLineAside(ids.id, user, reopen)),
    }),
  );

export const dismissLine = resource(
  "/api/statement-lines/{id}/dismiss",
  TAG,
  LINE,
  lineDecision(false),
);

export const reopenLine = resource(
  "/api/statement-lines/{id}/reopen",
  TAG,
  LINE,
  lineDecision(true),
);
