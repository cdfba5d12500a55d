import { BANK_ALIASES, BANKS } from "~/constants";
import { choiceMessages, z } from "./zod";

/** One of the banks of the list; an older spelling of one (BANK_ALIASES) is read as that bank. */
export const bankName = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (BANK_ALIASES[value] ?? value) : value),
    z.enum(BANKS, { errorMap: choiceMessages(message) }),
  );
