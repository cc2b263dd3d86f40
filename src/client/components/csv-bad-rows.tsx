const count = (value: number) => value.toLocaleString('en-GB');

/** The rows of an imported CSV file that could not be used, by line number, as the server listed them. */
export function CsvBadRows({
  badRows,
  badRowCount,
}: {
  badRows: readonly { line: number; reason: string }[];
  /** all the bad rows, of which `badRows` are the first */
  badRowCount: number;
}) {
  if (badRows.length === 0) return null;
  return (
    <div>
      <p className="mb-1 font-medium text-sm">Rows not imported</p>
      <ul
        className="max-h-40 space-y-0.5 overflow-y-auto rounded-md border px-3 py-2 text-xs"
        aria-label="Rows not imported"
      >
        {badRows.map((row) => (
          <li key={row.line}>
            <span className="font-medium tabular-nums">Line {row.line}:</span> {row.reason}
          </li>
        ))}
        {badRowCount > badRows.length && (
          <li className="text-muted-foreground">and {count(badRowCount - badRows.length)} more</li>
        )}
      </ul>
    </div>
  );
}
