/**
 * Receipt numbers (issue 20, decision 036): `SS-7K3F-9QX2-M`. Eight random characters of
 * Crockford's base 32 (40 bits: another receipt's number says nothing about this one) in two
 * groups of four, and one check character, so a number copied from paper with a typo is known to
 * be wrong before anything is looked up. Pure functions, the same in the browser and the server.
 */

/** Crockford's base 32: the digits and the letters but I, L, O and U. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const BASE = ALPHABET.length;
const BODY_LENGTH = 8;
const PREFIX = "SS";

const digitValue = (char: string) => ALPHABET.indexOf(char);

/**
 * The check character: Luhn's algorithm in base 32 (every other value doubled, its base-32
 * digits summed). It catches every single wrong character and every swap of two neighbours but
 * one pair (0 and Z), the two typos people make most; it stays in the alphabet, so it is typed
 * like the rest (Crockford's own check symbols *~$=U are not on a phone's first keyboard).
 */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // From the right, as Luhn does: the last body character is doubled.
    let value = digitValue(body[body.length - 1 - i]!);
    if (i % 2 === 0) {
      value *= 2;
      value = Math.floor(value / BASE) + (value % BASE);
    }
    sum += value;
  }
  return ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** `SS-XXXX-XXXX-C` from the eight characters. */
function written(body: string): string {
  return `${PREFIX}-${body.slice(0, 4)}-${body.slice(4)}-${checkCharacter(body)}`;
}

/**
 * A new number from at least five random bytes (the caller's: `crypto.randomBytes(5)` on the
 * server), read as 40 bits, five to a character.
 */
export function receiptNumberFrom(bytes: Uint8Array): string {
  if (bytes.length < 5) throw new Error("a receipt number needs 5 random bytes");
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(bytes[i]!);
  let body = "";
  for (let i = BODY_LENGTH - 1; i >= 0; i--)
    body += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return written(body);
}

/**
 * The number as it is stored and printed, from what a person typed: any letter case, spaces or
 * dashes or none, with or without `SS`, and Crockford's look-alikes read as what they look like
 * (O is 0; I and L are 1). Null when it cannot be a receipt number, a wrong check character
 * included: no database read is needed to refuse a typo or a made-up number.
 */
export function parseReceiptNumber(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  let compact = input.toUpperCase().replace(/[\s\-_.]/g, "");
  if (compact.length === BODY_LENGTH + 1 + PREFIX.length && compact.startsWith(PREFIX)) {
    compact = compact.slice(PREFIX.length);
  }
  if (compact.length !== BODY_LENGTH + 1) return null;
  const read = compact.replace(/O/g, "0").replace(/[IL]/g, "1");
  if (![...read].every((char) => digitValue(char) >= 0)) return null;
  const body = read.slice(0, BODY_LENGTH);
  if (checkCharacter(body) !== read[BODY_LENGTH]) return null;
  return written(body);
}
