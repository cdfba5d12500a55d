import { useTranslation } from "react-i18next";
import { TableHead } from "~/components/table-head";
import { formatDate } from "~/lib/format";
import { type ChartUnit, formatValue } from "./chart-scales";
import type { ChartSeries } from "./time-chart";

/** The numbers behind the picture, one row a day; closed by default, open to anyone. */
export function ChartTable({
  label,
  series,
  days,
  unit,
  lng,
}: {
  label: string;
  series: ChartSeries[];
  days: string[];
  unit: ChartUnit;
  lng: string;
}) {
  const { t } = useTranslation("charts");
  const values = series.map((s) => ({
    key: s.key,
    of: new Map(s.points.map((p) => [p.day, p.value])),
  }));
  return (
    <details className="mt-3" data-testid="chart-table">
      <summary className="cursor-pointer font-semibold text-primary">{t("showTable")}</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm text-foreground">
          <caption className="sr-only">{label}</caption>
          <TableHead
            boxed
            columns={[
              { key: "day", label: t("day") },
              ...series.map((s) => ({ key: s.key, label: s.label, end: true })),
            ]}
          />
          <tbody>
            {days.map((day) => (
              <tr key={day} className="border-t border-border">
                <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal">
                  {formatDate(day, lng)}
                </th>
                {values.map((v) => (
                  <td key={v.key} className="px-3 py-1.5 text-right tabular-nums">
                    {v.of.has(day) ? formatValue(v.of.get(day)!, unit) : "—"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
