import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { StoryQpay } from "~/components/post-story/story-qpay";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";

/**
 * One way to show a QPay invoice: the author's payment box names the bank apps as the donor's
 * status page does (our names, in the page's language), with the same
 * phone and wider-screen parts (components/qpay/qpay-invoice.tsx).
 */
const invoice = {
  qr_image: "iVBORw0KGgo=",
  urls: [
    // As QPay sends them: Latin name, Mongolian description, mixed case.
    { name: "Khan bank", description: "Khan bank", logo: "", link: "khanbank://q?qPay_QRcode=1" },
    { name: "TDB online", description: "TDB online", logo: "", link: "tdbbank://q?qPay_QRcode=1" },
  ],
};

async function render(lng: "mn" | "en") {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
  return renderToString(
    createElement(I18nextProvider, { i18n }, createElement(StoryQpay, { invoice, amount: 5000 })),
  );
}

describe("the author's QPay block is the donor's (issue 41, one QPay block)", () => {
  it("names the banks properly in both languages", async () => {
    const mn = await render("mn");
    expect(mn).toContain("Хаан банк");
    expect(mn).toContain("Худалдаа хөгжлийн банк");
    expect(mn).not.toContain("TDB online");
    const en = await render("en");
    expect(en).toContain("Khan Bank");
    expect(en).not.toContain("Khan bank<");
  });

  it("has the phone and the wider-screen parts, without JavaScript", async () => {
    const html = await render("mn");
    expect(html).toContain('data-testid="qpay-phone"');
    expect(html).toContain('data-testid="qpay-desktop"');
    // The QR code a click away on a phone (a <details>), the apps a click away from md up.
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).toContain("QPay төлбөрийн QR код, дүн: 5,000₮");
  });
});
