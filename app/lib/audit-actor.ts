/**
 * Who an activity entry names as its actor: the administrator's name, or, for an entry no one
 * signed in made, what did it (a translation key of the admin namespace). A payment QPay
 * confirmed (issue 39) says QPay, not a blank or the secret key.
 */
export function auditActor(entry: {
  action: string;
  actor_username: string | null;
  details: Record<string, unknown> | null;
}): { name: string } | { key: string } {
  if (entry.actor_username) return { name: entry.actor_username };
  if (entry.details?.via === "qpay") return { key: "activity.qpay" };
  // Readers' reports hide and hold by themselves (decision 030).
  if (entry.action === "story.hold" || entry.action === "comment.hide") {
    return { key: "activity.automatic" };
  }
  return { key: "activity.noActor" };
}
