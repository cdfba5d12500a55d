import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt at the OWASP parameters (N=2^17, r=8, p=1): memory-hard, built into Node, so no
 * native add-on to install. Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later.
 *
 * The unit suite (NODE_ENV=test) hashes at 2^12: it creates and signs in thousands of users, and
 * at full cost those hashes were most of its ten minutes. A hash names its own cost, so verifying
 * runs the same code either way; the browser suites run the production server at full cost.
 */
export const scryptCost = (nodeEnv = process.env.NODE_ENV) =>
  nodeEnv === "test" ? 2 ** 12 : 2 ** 17;
const N = scryptCost();
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r: rr, p: pp, maxmem: MAXMEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(rr),
    Number(pp),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: compared against when the user does not exist, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
