import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, POOL_STATUSES } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { auditEntry } from "~/models/audit.server";
import type { User } from "~/models/users.server";
import { z } from "~/schemas/zod";

export type PoolStatus = (typeof POOL_STATUSES)[number];

export function isPoolStatus(value: unknown): value is PoolStatus {
  return (POOL_STATUSES as readonly unknown[]).includes(value);
}

/** PATCH /api/donation-pools/{id}/status: refused with the message setPoolStatus gives. */
export const PoolStatusInput = z.object({
  status: z.enum(POOL_STATUSES, { errorMap: () => ({ message: "admin:errors.poolStatus" }) }),
});

/** Any status from any status (spec 02 §4: freely switchable), audited with the old value. */
export async function setPoolStatus(
  poolId: number,
  status: unknown,
  admin: Pick<User, "id" | "username">,
) {
  if (!isPoolStatus(status))
    throw new HttpError(400, "admin:errors.poolStatus", { status: ["admin:errors.poolStatus"] });
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true, name: true },
  });
  if (!pool) throw new HttpError(404, "donate:errors.poolNotFound");
  if (pool.status === status) return { id: poolId, status };
  await db.batch([
    db.update(donationPools).set({ status }).where(eq(donationPools.id, poolId)),
    auditEntry(admin, "pool.status", "donation_pool", poolId, {
      from: pool.status,
      to: status,
      name: pool.name,
    }),
  ]);
  return { id: poolId, status };
}
