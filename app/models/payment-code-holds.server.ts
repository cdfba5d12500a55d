import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "#db/client";
import { paymentCodeHolds } from "#db/schema";
import { cookieSecure } from "~/http/origin.server";
import { canonicalCode, newPaymentCode } from "~/lib/payment-code.server";

/**
 * One payment code per visitor and donate form (issue 16). The code a donate page shows is held
 * for the visitor: a reload, the phone reopening the tab after the bank app, or a correction of
 * the form shows the same code, and the pledge is stored under it. Nobody else is given a held
 * code. The hold ends when the visitor pledges, or after HOLD_DAYS without a visit to the form.
 */

export type CodeTarget = { kind: "pool"; poolId: number } | { kind: "general" };

const HOLD_DAYS = 7;
const HOLD_MS = HOLD_DAYS * 24 * 60 * 60 * 1000;

/** A random id per browser; the table keeps only its SHA-256, like the session id. */
const donorCookie = createCookie("storyshare_donor", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: HOLD_DAYS * 24 * 60 * 60,
});

const targetKey = (target: CodeTarget) =>
  target.kind === "pool" ? `pool:${target.poolId}` : "general";
const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

async function visitorOf(request: Request): Promise<string | null> {
  const id: unknown = await donorCookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && /^[\w-]{24}$/.test(id) ? id : null;
}

async function heldBy(visitor: string, key: string, now: string): Promise<string | null> {
  const [row] = await db
    .select({ code: paymentCodeHolds.code })
    .from(paymentCodeHolds)
    .where(
      and(
        eq(paymentCodeHolds.visitor, visitor),
        eq(paymentCodeHolds.target, key),
        gt(paymentCodeHolds.expires_at, now),
      ),
    );
  return row?.code ?? null;
}

/**
 * The code to show this visitor on a donate form: the one held for them, its hold renewed, or a
 * new one held from now on. `setCookie` (re)sends the visitor's id, renewing it too.
 */
export async function heldPaymentCode(
  request: Request,
  target: CodeTarget,
): Promise<{ code: string; setCookie: string }> {
  const id = (await visitorOf(request)) ?? randomBytes(18).toString("base64url");
  const visitor = hashId(id);
  const key = targetKey(target);
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + HOLD_MS).toISOString();
  const setCookie = await donorCookie.serialize(id, { secure: cookieSecure(request) });

  const [renewed] = await db
    .update(paymentCodeHolds)
    .set({ expires_at: expires })
    .where(
      and(
        eq(paymentCodeHolds.visitor, visitor),
        eq(paymentCodeHolds.target, key),
        gt(paymentCodeHolds.expires_at, now),
      ),
    )
    .returning({ code: paymentCodeHolds.code });
  if (renewed) return { code: renewed.code, setCookie };

  await db.delete(paymentCodeHolds).where(lt(paymentCodeHolds.expires_at, now));
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newPaymentCode(target.kind);
    // A code is free when no pledge or donation has it and no one holds it (the primary key).
    const inserted = await db.run(sql`
      INSERT INTO payment_code_holds (code, visitor, target, expires_at)
      SELECT ${code}, ${visitor}, ${key}, ${expires}
      WHERE NOT EXISTS (SELECT 1 FROM pool_donations WHERE payment_code = ${code})
        AND NOT EXISTS (SELECT 1 FROM donations WHERE payment_code = ${code})
      ON CONFLICT DO NOTHING`);
    if (inserted.rowsAffected === 1) return { code, setCookie };
    // Another tab of the same visitor may have taken its hold a moment ago: that one, then.
    const theirs = await heldBy(visitor, key, now);
    if (theirs) return { code: theirs, setCookie };
  }
  throw new Error("payment_code_holds: no free code found in 10 attempts");
}

/**
 * The code a pledge is stored under, from what its form sent: the code held for this visitor and
 * form, or one nobody holds (a script that chose its own). Null means "give it a fresh one": no
 * code was sent, or it is held for someone, or something, else.
 */
export async function acceptedCode(
  request: Request,
  target: CodeTarget,
  proposed: unknown,
): Promise<string | null> {
  const code = canonicalCode(proposed, target.kind);
  if (!code) return null;
  const [hold] = await db
    .select({ visitor: paymentCodeHolds.visitor, target: paymentCodeHolds.target })
    .from(paymentCodeHolds)
    .where(eq(paymentCodeHolds.code, code));
  if (!hold) return code;
  const id = await visitorOf(request);
  return id && hold.visitor === hashId(id) && hold.target === targetKey(target) ? code : null;
}

/** The hold ends with the pledge stored under it. */
export async function releaseCode(code: string) {
  await db.delete(paymentCodeHolds).where(eq(paymentCodeHolds.code, code));
}
