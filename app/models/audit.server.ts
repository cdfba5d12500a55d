import { db } from "#db/client";
import { auditLog } from "#db/schema";

export interface Actor {
  id: string;
  username: string;
}

/** Builds the audit row for a change, so it can join the change's own batch and be written with it. */
export function auditEntry(
  actor: Actor | null,
  action: string,
  entityType: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
) {
  return db.insert(auditLog).values({
    actor_id: actor?.id ?? null,
    actor_username: actor?.username ?? null,
    action,
    entity_type: entityType,
    entity_id: entityId === null ? null : String(entityId),
    details: details ? JSON.stringify(details) : null,
  });
}
