import type { LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/http/params.server";
import { shareIfAnonymous } from "~/http/shared-cache.server";
import { getT, requestLanguage } from "~/i18next.server";
import { csvText } from "~/lib/csv.server";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { singleLine } from "~/lib/single-line";
import { allLedgerLines, ledgerTotals } from "~/models/ledger.server";

/**
 * A campaign's ledger as a CSV file (issue 20): the page's lines, every one of them, in the
 * request's language, written by the one CSV writer (decision 051: UTF-8 with a byte-order mark,
 * no live formula in any text cell); amounts are numbers so a spreadsheet can sum them. Names and
 * purposes are cleaned again as they are read, for rows stored before the single-line rule. No
 * phone numbers, references or payment codes: the ledger never reads them.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const found = id ? await ledgerTotals(id) : null;
  if (!found) throw new Response(null, { status: 404, statusText: "Not Found" });
  const [t, lng, lines] = await Promise.all([
    getT(request, "pools"),
    requestLanguage(request),
    allLedgerLines(found.pool.id),
  ]);
  // The day in Ulaanbaatar, as the pages show it.
  const day = (iso: string) => todayInUlaanbaatar(new Date(iso));
  const rows = lines.map((line) =>
    line.kind === "gift"
      ? [
          day(line.date),
          t("ledger.gift"),
          line.donor_name === null ? t("ledger.anonymous") : singleLine(line.donor_name),
          line.qpay_paid_at
            ? t("ledger.paidQpay", { date: day(line.qpay_paid_at) })
            : line.statement_date
              ? t("ledger.matched", { date: line.statement_date })
              : t("ledger.byAdmin"),
          line.amount,
          "",
          line.gift_month ?? "",
        ]
      : [
          day(line.date),
          t("ledger.spending"),
          singleLine((lng === "en" && line.spent_on_en) || line.spent_on_mn || ""),
          "",
          "",
          line.amount,
          "",
        ],
  );
  const columns = ["date", "kind", "who", "confirmation", "in", "out", "monthly"].map((c) =>
    t(`ledger.csvColumns.${c}`),
  );
  const body = csvText([columns, ...rows]);
  const response = new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ledger-campaign-${found.pool.id}.csv"`,
      "Cache-Control": "private, no-cache",
    },
  });
  return shareIfAnonymous(request, response);
}
