import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema } from "~/schemas/auth";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const message = (key: string) =>
  key
    .split(".")
    .reduce(
      (o: Record<string, unknown>, k) => o[k] as Record<string, unknown>,
      en,
    ) as unknown as string;

function errorsOf(schema: typeof LoginSchema | typeof RegisterSchema, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return result.error.flatten().fieldErrors as Record<string, string[]>;
}

describe("login and register validation (spec 01 §5)", () => {
  it("gives the spec's messages, verbatim in English", () => {
    const login = errorsOf(LoginSchema, { username: "ab", password: "12345" });
    expect(login.username?.map(message)).toEqual(["Username must be at least 3 characters."]);
    expect(login.password?.map(message)).toEqual(["Password must be at least 6 characters."]);

    const register = errorsOf(RegisterSchema, {
      username: "saraa",
      password: "secret1",
      confirmPassword: "secret2",
    });
    expect(register.confirmPassword?.map(message)).toEqual(["Passwords don't match"]);
  });

  it("accepts the minimum lengths and Cyrillic usernames", () => {
    expect(LoginSchema.safeParse({ username: "abc", password: "123456" }).success).toBe(true);
    expect(
      RegisterSchema.safeParse({
        username: "Сараа_95",
        password: "123456",
        confirmPassword: "123456",
      }).success,
    ).toBe(true);
  });

  it("refuses usernames with spaces or markup", () => {
    for (const username of ["a b c", "<script>", "ab'cd"]) {
      expect(
        errorsOf(RegisterSchema, { username, password: "123456", confirmPassword: "123456" })
          .username,
      ).toBeTruthy();
    }
  });
});
