import { describe, expect, it } from "vitest";
import { bankApps } from "~/lib/qpay-banks";

/**
 * QPay's urls[] as a paying page shows them (issue 39): proper names, each app once. Unsafe links
 * never get here: QPay's answer drops them (tests/unit/qpay-client.test.ts).
 */
const app = (name: string, description: string, link: string) => ({
  name,
  description,
  logo: "https://qpay.mn/q/logo/x.png",
  link,
});

describe("bank apps of a QPay invoice", () => {
  it("knows the banks by their app's scheme or QPay's mixed names", () => {
    const apps = bankApps([
      app("Khan bank", "Хаан банк", "khanbank://q?qPay_QRcode=1"),
      app("Trade and Development bank", "TDB online", "tdbbank://q?qPay_QRcode=1"),
      app("State bank", "Төрийн банк", "statebank3://q?qPay_QRcode=1"),
      app("M bank", "М банк", "mbank://q?qPay_QRcode=1"),
      app("Chinggis khaan bank", "Чингис Хаан банк", "ckbank://q?qPay_QRcode=1"),
    ]);
    expect(apps.map((a) => a.key)).toEqual(["khan", "tdb", "state", "mbank", "ckb"]);
  });

  it("falls back to QPay's own words: the Mongolian description, the English name", () => {
    const [unknown] = bankApps([app("New pay", "Шинэ төлбөр", "newpay://q?x=1")]);
    expect(unknown).toMatchObject({ key: null, fallback: { mn: "Шинэ төлбөр", en: "New pay" } });
    const [latin] = bankApps([app("Toki App", "Toki App", "toki://q?x=1")]);
    expect(latin!.fallback.mn).toBe("Toki App");
  });

  it("shows an app once", () => {
    const apps = bankApps([
      app("Khan bank", "Хаан банк", "khanbank://q?a=1"),
      app("Khan bank", "Хаан банк", "khanbank://q?a=1"),
    ]);
    expect(apps.map((a) => a.link)).toEqual(["khanbank://q?a=1"]);
  });
});
