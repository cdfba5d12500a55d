import type { QpayBankLink } from "~/qpay/client.server";

/**
 * The bank apps of a QPay invoice (`urls[]`) as a paying page shows them. QPay names them in a
 * mix of Mongolian and English («Khan bank», «TDB online», «Хаан банк» as the description); the
 * banks we know get their proper name in the page's language (`plans:qpayBanks.*`) and their
 * colour for the mark beside it. The site's CSP keeps images to its own origin, so QPay's logo
 * files are not loaded: the mark is drawn here.
 */

export interface BankApp {
  /** The catalogue key under `plans:qpayBanks`, or null for a bank we do not know. */
  key: string | null;
  /** QPay's own words, for a bank we do not know: description (Mongolian), then name. */
  fallback: { mn: string; en: string };
  link: string;
  colour: string;
}

interface KnownBank {
  key: string;
  /** Names and descriptions as QPay writes them, compared without case, spaces or «bank». */
  names: string[];
  /** The deep link's scheme, the most stable thing in `urls[]`. */
  schemes: string[];
  colour: string;
}

const KNOWN: KnownBank[] = [
  { key: "khan", names: ["khan", "хаан"], schemes: ["khanbank"], colour: "#00845a" },
  { key: "state", names: ["state", "төрийн"], schemes: ["statebank"], colour: "#1d4f91" },
  { key: "xac", names: ["xac", "хас"], schemes: ["xacbank"], colour: "#e2661c" },
  {
    key: "tdb",
    names: ["tdb", "tdbonline", "tradeanddevelopment", "худалдаахөгжлийн"],
    schemes: ["tdbbank"],
    colour: "#0a3e7a",
  },
  { key: "golomt", names: ["golomt", "голомт"], schemes: ["golomtbank"], colour: "#1b4a9b" },
  { key: "socialpay", names: ["socialpay"], schemes: ["socialpay-payment"], colour: "#2356a8" },
  { key: "most", names: ["mostmoney", "мостмони"], schemes: ["most"], colour: "#00a651" },
  {
    key: "nib",
    names: ["nationalinvestment", "үндэснийхөрөнгөоруулалтын"],
    schemes: ["nibank"],
    colour: "#0d5eaf",
  },
  {
    key: "ckb",
    names: ["chinggiskhaan", "чингисхаан"],
    schemes: ["ckbank"],
    colour: "#7a1f1f",
  },
  {
    key: "capitron",
    names: ["capitron", "капитрон"],
    schemes: ["capitronbank"],
    colour: "#00549f",
  },
  { key: "bogd", names: ["bogd", "богд"], schemes: ["bogdbank"], colour: "#9a6b00" },
  { key: "trans", names: ["trans", "тээврийнхөгжлийн"], schemes: ["transbank"], colour: "#0083c3" },
  { key: "mbank", names: ["m", "м"], schemes: ["mbank"], colour: "#5b2d8e" },
  { key: "arig", names: ["arig", "ариг"], schemes: ["arig", "arigbank"], colour: "#c41e24" },
  { key: "qpay", names: ["qpaywallet", "qpayхэтэвч"], schemes: ["qpaywallet"], colour: "#00a1e4" },
];

const squeeze = (text: string) =>
  text
    .toLowerCase()
    .replace(/\b(bank|online|app)\b|банк/gu, "")
    .replace(/[\s._-]+/gu, "");

const CYRILLIC = /\p{Script=Cyrillic}/u;

function knownBank(app: QpayBankLink): KnownBank | undefined {
  const scheme = URL.canParse(app.link) ? new URL(app.link).protocol.slice(0, -1) : "";
  const words = [squeeze(app.name), squeeze(app.description)];
  return (
    KNOWN.find((bank) => bank.schemes.includes(scheme.toLowerCase())) ??
    KNOWN.find((bank) => words.some((word) => bank.names.includes(word)))
  );
}

/**
 * The invoice's bank apps to show, in QPay's order, each once. Their links were checked where
 * QPay's answer was read (app/qpay/answers.ts): none runs in the page.
 */
export function bankApps(urls: QpayBankLink[]): BankApp[] {
  const seen = new Set<string>();
  const apps: BankApp[] = [];
  for (const app of urls) {
    const link = app.link;
    if (seen.has(link)) continue;
    seen.add(link);
    const known = knownBank(app);
    const mn = CYRILLIC.test(app.description) ? app.description : app.name || app.description;
    apps.push({
      key: known?.key ?? null,
      fallback: { mn, en: app.name || app.description },
      link,
      colour: known?.colour ?? "#64748b",
    });
  }
  return apps;
}
