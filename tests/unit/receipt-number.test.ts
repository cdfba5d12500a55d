import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkCharacter, parseReceiptNumber, receiptNumberFrom } from "~/lib/receipt-number";

/**
 * Receipt numbers (decision 036): random, written `SS-XXXX-XXXX-C` in Crockford's base 32 with a
 * check character, read back however a person types them, and a typo is refused on sight.
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SHAPE = /^SS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/;
/** The nine characters after `SS`, without dashes. */
const bodyOf = (number: string) => number.replace(/-/g, "").slice(2);

describe("a new number", () => {
  it("is written SS-XXXX-XXXX-C and reads back as itself", () => {
    for (let i = 0; i < 500; i++) {
      const number = receiptNumberFrom(randomBytes(5));
      expect(number).toMatch(SHAPE);
      expect(parseReceiptNumber(number)).toBe(number);
    }
  });

  it("spells out all 40 random bits, so numbers do not repeat or follow one another", () => {
    expect(receiptNumberFrom(new Uint8Array([0, 0, 0, 0, 0]))).toBe(
      `SS-0000-0000-${checkCharacter("00000000")}`,
    );
    expect(receiptNumberFrom(new Uint8Array([255, 255, 255, 255, 255])).slice(0, 12)).toBe(
      "SS-ZZZZ-ZZZZ",
    );
    const seen = new Set(Array.from({ length: 2000 }, () => receiptNumberFrom(randomBytes(5))));
    expect(seen.size).toBe(2000);
    expect(() => receiptNumberFrom(new Uint8Array(4))).toThrow();
  });
});

describe("reading a typed number", () => {
  const number = receiptNumberFrom(new Uint8Array([0x3a, 0x5c, 0x91, 0x0f, 0x77]));

  it("takes any case, spaces, missing dashes, and no SS", () => {
    const body = bodyOf(number);
    for (const typed of [
      number.toLowerCase(),
      ` ${number} `,
      `SS${body}`,
      `ss ${body.slice(0, 4)} ${body.slice(4, 8)} ${body.slice(8)}`,
      body,
      body.toLowerCase(),
      `${number.slice(0, 7)}_${number.slice(8)}`,
    ]) {
      expect(parseReceiptNumber(typed), typed).toBe(number);
    }
  });

  it("reads Crockford's look-alikes as what they look like: O is 0, I and L are 1", () => {
    const withZeroAndOne = receiptNumberFrom(new Uint8Array([0, 0x42, 0x10, 0x84, 0x21]));
    expect(bodyOf(withZeroAndOne)).toMatch(/0.*1|1.*0/);
    const typed = withZeroAndOne
      .replace(/0/g, "O")
      .replace(/1/g, (_, i: number) => (i % 2 ? "I" : "l"));
    expect(typed).not.toBe(withZeroAndOne);
    expect(parseReceiptNumber(typed)).toBe(withZeroAndOne);
  });

  it("refuses every single wrong character (the check character catches it)", () => {
    for (let n = 0; n < 50; n++) {
      const body = bodyOf(receiptNumberFrom(randomBytes(5)));
      for (let i = 0; i < body.length; i++) {
        for (const other of ALPHABET) {
          if (other === body[i]) continue;
          const typo = `${body.slice(0, i)}${other}${body.slice(i + 1)}`;
          expect(parseReceiptNumber(typo), typo).toBeNull();
        }
      }
    }
  });

  it("refuses two neighbours swapped (all pairs but 0 and Z, Luhn's one blind spot)", () => {
    for (let n = 0; n < 200; n++) {
      const body = bodyOf(receiptNumberFrom(randomBytes(5)));
      for (let i = 0; i < body.length - 1; i++) {
        const [a, b] = [body[i]!, body[i + 1]!];
        if (a === b || `${a}${b}` === "0Z" || `${a}${b}` === "Z0") continue;
        const swapped = `${body.slice(0, i)}${b}${a}${body.slice(i + 2)}`;
        expect(parseReceiptNumber(swapped), swapped).toBeNull();
      }
    }
  });

  it("refuses what cannot be a number at all", () => {
    for (const typed of [
      "",
      "SS-",
      number.slice(0, -1),
      `${number}7`,
      number.replace(/-/g, "").replace("SS", "XX"),
      `${number.slice(0, 3)}U${number.slice(4)}`,
      "SS-????-????-?",
      "x".repeat(41),
      null,
      42,
    ]) {
      expect(parseReceiptNumber(typed), String(typed)).toBeNull();
    }
  });
});
