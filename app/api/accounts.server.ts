import { ROLES } from "#db/schema";
import { apiJson, HttpError } from "~/http/http.server";
import { deleteAccount } from "~/models/account-delete.server";
import { changePassword } from "~/models/passwords.server";
import { endUserSession } from "~/models/sessions.server";
import { DeleteAccountSchema } from "~/schemas/account";
import { ApiChangePasswordSchema, ApiRegisterSchema, LoginSchema } from "~/schemas/auth";
import { authenticate, cookieHeaders } from "~/web/auth.server";
import { operation, resource } from "./resource.server";
import { refused, Success, z } from "./schemas.server";

/** Signing in and out, registering, and who is signed in (spec 01 §7). */

const TAG = "Accounts";

const Account = z
  .object({ id: z.string(), username: z.string(), role: z.enum(ROLES) })
  .strict()
  .openapi("Account");

const SESSION_COOKIE = {
  "Set-Cookie": {
    description: "The session cookie (HttpOnly, SameSite=Lax) and the device cookie.",
    schema: z.string(),
  },
};

/** A sign-in or registration the service refused, as the contract's error. */
function refuse(result: {
  status: number;
  error: string;
  field?: string;
  retryAfterSeconds?: number;
}): never {
  const retry = result.retryAfterSeconds
    ? { "Retry-After": String(result.retryAfterSeconds) }
    : undefined;
  // A field's refusal names its field, as a schema's does; a taken name keeps the spec's 409 alone.
  const fields =
    result.field && result.status === 400 ? { [result.field]: [result.error] } : undefined;
  throw new HttpError(result.status, result.error, fields, retry);
}

export const currentUser = resource(
  "/api/user",
  TAG,
  {},
  {
    GET: operation({
      summary: "Who is signed in",
      access: "user",
      responses: { 200: { description: "The signed-in account.", schema: Account } },
      handler: async ({ user }) =>
        apiJson({ id: user.id, username: user.username, role: user.role }),
    }),
    DELETE: operation({
      summary: "Delete my account",
      description:
        "`{ username, keep_stories, currentPassword }`: the account's own username, typed to " +
        "confirm, whether its published stories stay under «former member» (the rest are " +
        "deleted), and the account's current password (a wrong one is a 400 on " +
        "`currentPassword`; the tries are limited with those of the password change, 429). " +
        "Comments and hearts are removed; the session ends. The last administrator cannot " +
        "leave (409).",
      access: "user",
      body: DeleteAccountSchema.openapi("AccountDeletion"),
      responses: {
        200: {
          description: "Deleted and signed out.",
          schema: z.object({ deleted: z.literal(true), keep_stories: z.boolean() }).strict(),
          headers: {
            "Set-Cookie": { description: "Clears the session cookie.", schema: z.string() },
          },
        },
        409: refused("The account is the last administrator's."),
        429: refused("Too many wrong passwords; see `Retry-After`."),
      },
      handler: async ({ request, user, body }) => {
        const { keep_stories } = await deleteAccount(user, body);
        return apiJson(
          { deleted: true, keep_stories },
          { headers: { "Set-Cookie": await endUserSession(request) } },
        );
      },
    }),
  },
);

export const login = resource(
  "/api/login",
  TAG,
  {},
  {
    POST: operation({
      changes: "none",
      summary: "Sign in",
      access: "public",
      body: LoginSchema,
      responses: {
        200: { description: "Signed in.", schema: Account, headers: SESSION_COOKIE },
        401: refused("Wrong username or password."),
        429: refused("Too many attempts; see `Retry-After`."),
      },
      handler: async ({ request, body }) => {
        const result = await authenticate("login", request, body);
        if (!result.ok) refuse(result);
        const { id, username, role } = result.user;
        return apiJson({ id, username, role }, { headers: cookieHeaders(result.cookies) });
      },
    }),
  },
);

export const register = resource(
  "/api/register",
  TAG,
  {},
  {
    POST: operation({
      changes: "none",
      summary: "Create an account",
      description: "The new account is signed in at once.",
      access: "public",
      body: ApiRegisterSchema,
      responses: {
        201: { description: "Created and signed in.", schema: Account, headers: SESSION_COOKIE },
        409: refused("The username is taken."),
        429: refused("Too many attempts; see `Retry-After`."),
      },
      handler: async ({ request, body }) => {
        const result = await authenticate("register", request, {
          ...body,
          confirmPassword: body.password,
        });
        if (!result.ok) refuse(result);
        const { id, username, role } = result.user;
        return apiJson(
          { id, username, role },
          { status: 201, headers: cookieHeaders(result.cookies) },
        );
      },
    }),
  },
);

export const logout = resource(
  "/api/logout",
  TAG,
  {},
  {
    POST: operation({
      changes: "none",
      summary: "Sign out",
      description: "Ends this session.",
      access: "public",
      responses: { 200: { description: "Signed out.", schema: Success } },
      handler: async ({ request }) =>
        apiJson({ success: true }, { headers: { "Set-Cookie": await endUserSession(request) } }),
    }),
  },
);

export const userPassword = resource(
  "/api/user/password",
  TAG,
  {},
  {
    PATCH: operation({
      summary: "Change my password",
      description:
        "`{ currentPassword, password }`. The account's other sessions end; this one stays.",
      access: "user",
      body: ApiChangePasswordSchema.openapi("PasswordChange"),
      responses: {
        200: { description: "Changed.", schema: Success },
        429: refused("Too many tries in an hour; see `Retry-After`."),
      },
      handler: async ({ request, user, body }) => {
        await changePassword(user, { ...body, confirmPassword: body.password }, request);
        return apiJson({ success: true });
      },
    }),
  },
);
