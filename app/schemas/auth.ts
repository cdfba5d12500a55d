import { LIMITS } from "~/constants";
import { z } from "./zod";

/**
 * Sign-in and registration rules (spec 01 §5). Messages are translation keys under
 * `validation.*`; the English catalogue holds the spec's wording verbatim.
 */
const username = z
  .string({ required_error: "validation.usernameMin" })
  .trim()
  .min(LIMITS.usernameMin, "validation.usernameMin")
  .max(LIMITS.usernameMax, "validation.usernameMax")
  .regex(/^[\p{L}\p{N}_.-]+$/u, "validation.usernameFormat");

/**
 * The 128-character limit counts characters as people see them, code points: zod's max counts
 * UTF-16 units, which makes an emoji two.
 */
const password = z
  .string({ required_error: "validation.passwordMin" })
  .min(LIMITS.passwordMin, "validation.passwordMin")
  .refine((v) => [...v].length <= LIMITS.passwordMax, "validation.passwordMax");

export const LoginSchema = z.object({
  username: z
    .string({ required_error: "validation.usernameMin" })
    .trim()
    .min(LIMITS.usernameMin, "validation.usernameMin")
    .max(LIMITS.usernameMax, "validation.usernameMax"),
  password,
});

export const RegisterSchema = z
  .object({
    username,
    password,
    confirmPassword: z.string({ required_error: "validation.passwordsDontMatch" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

/** /api/register takes username and password only (spec 01 §7); confirmation is a screen concern. */
export const ApiRegisterSchema = z.object({ username, password });

export type LoginInput = z.infer<typeof LoginSchema>;
