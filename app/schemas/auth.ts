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
 * Both length limits count characters as people see them, code points: zod's min and max count
 * UTF-16 units, which make an emoji two (three emoji would pass a minimum of six). The browser
 * runs this same schema, so both sides count alike.
 */
const codePoints = (value: string) => [...value].length;
const password = z
  .string({ required_error: "validation.passwordMin" })
  .refine((v) => codePoints(v) >= LIMITS.passwordMin, "validation.passwordMin")
  .refine((v) => codePoints(v) <= LIMITS.passwordMax, "validation.passwordMax");

/** An account's e-mail address (issue 17): optional; empty is none. */
const email = z
  .string()
  .trim()
  .max(254, "validation.emailFormat")
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "validation.emailFormat");

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
    email,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

/**
 * /api/register takes username and password (spec 01 §7) and an optional e-mail address (issue
 * 17); the password's confirmation is a screen concern.
 */
export const ApiRegisterSchema = z.object({ username, password, email });

export type LoginInput = z.infer<typeof LoginSchema>;

/** Setting an account's e-mail address on /profile; empty clears it. */
export const AccountEmailSchema = z.object({ email });

/** A new password twice (issue 18): on /profile with the current one, or from a reset link. */
export const NewPasswordSchema = z
  .object({
    password,
    confirmPassword: z.string({ required_error: "validation.passwordsDontMatch" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

/** The password the account has now, asked before a change that cannot be undone. */
export const currentPassword = z
  .string({ required_error: "validation.currentPassword" })
  .min(1, "validation.currentPassword");

export const ChangePasswordSchema = z
  .object({
    currentPassword,
    password,
    confirmPassword: z.string({ required_error: "validation.passwordsDontMatch" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

/** PATCH /api/user/password: the current password and the new one; its confirmation is a screen concern. */
export const ApiChangePasswordSchema = z.object({ currentPassword, password });

/** "Forgot my password": the confirmed address the link goes to. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ required_error: "validation.emailFormat" })
    .trim()
    .max(254, "validation.emailFormat")
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "validation.emailFormat"),
});
