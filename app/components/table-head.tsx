import type { ReactNode } from "react";

export interface Column {
  key: string;
  label: ReactNode;
  /** Numbers and actions sit at the end of the row. */
  end?: boolean;
}

/**
 * A data table's header row, one look for every table: `boxed` for a table in its own bordered
 * box (a shaded header), otherwise a rule under the header of a table in a card.
 */
export function TableHead({ columns, boxed = false }: { columns: Column[]; boxed?: boolean }) {
  return (
    <thead
      className={`text-xs uppercase tracking-wide text-muted-foreground ${
        boxed ? "bg-muted/60" : "border-b border-border"
      }`}
    >
      <tr>
        {columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            className={`font-semibold ${boxed ? "px-3 py-2" : "px-4 py-3"} ${
              column.end ? "text-right" : ""
            }`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
