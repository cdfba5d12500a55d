import { currentPassword } from "./auth";
import { z } from "./zod";

/**
 * Deleting one's own account (issue 18): the person types their username to confirm, gives their
 * current password (issue 38: a session alone, stolen or left open, must not be enough) and says
 * whether their published stories stay under "former member". The /api sends `keep_stories` as
 * a boolean; the profile's radio buttons are turned into one by the screen.
 */
export const DeleteAccountSchema = z.object({
  username: z
    .string({ required_error: "leave.account.typeUsername" })
    .trim()
    .min(1, "leave.account.typeUsername")
    .max(100, "leave.account.wrongUsername"),
  keep_stories: z.boolean({ required_error: "leave.account.chooseStories" }),
  currentPassword,
});

export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;
