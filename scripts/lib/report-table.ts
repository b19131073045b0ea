// The benchmarks' printed report: rows of measure, value and target verdict, aligned in columns.

/** One report row: what was measured, its value with unit, and the target verdict ('' for none). */
export type ReportRow = [name: string, value: string, target: string];

/** The rows as aligned text lines, LF-terminated. */
export function formatReportTable(rows: readonly ReportRow[]): string {
  const width = Math.max(...rows.map((row) => row[0].length));
  return `${rows.map(([name, value, target]) => `${name.padEnd(width)}  ${value}${target === '' ? '' : `  ${target}`}`).join('\n')}\n`;
}

/** Bytes as "12.3 MiB", or "n/a" when unknown. */
export function formatMib(bytes: number | null): string {
  return bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}
