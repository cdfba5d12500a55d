import { DIGEST_FREQUENCIES } from "#db/schema";
import { choiceMessages, z } from "./zod";

/** How often a person gets the e-mail of what they follow (issue 42): the /profile form and /api. */
export const DigestSchema = z.object({
  digest: z.enum(DIGEST_FREQUENCIES, { errorMap: choiceMessages("follow:digest.invalid") }),
});

export type DigestInput = z.infer<typeof DigestSchema>;
