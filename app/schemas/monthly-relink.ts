import { email, phoneNumber } from "./donation";
import { z } from "./zod";

/**
 * "Send me a fresh link" (issue 43): the e-mail address or the phone number a donor gave with
 * their monthly gifts, in one field. With an @ it is an address, otherwise it must be a phone as
 * the donate forms take one; which of the two decides how the links are sent.
 */

const INVALID = "donate:monthly.relink.invalid";

export const MonthlyRelinkSchema = z.object({
  contact: z
    .string({ required_error: INVALID })
    .trim()
    .min(1, INVALID)
    .max(254, INVALID)
    .transform((typed, ctx) => {
      const channel = typed.includes("@") ? ("email" as const) : ("sms" as const);
      const parsed = (channel === "email" ? email : phoneNumber).safeParse(typed);
      if (!parsed.success || !parsed.data) {
        ctx.addIssue({ code: "custom", message: INVALID });
        return z.NEVER;
      }
      return { channel, value: parsed.data };
    }),
});
