import { csvFile } from './csv';
import type { RejectedSheetRow } from './recipient-sheet';

/** A sheet's rejected rows as a CSV Brazilian Excel opens as it is, each with its line and problems. */
export function rejectedRowsCsv(
  rejected: readonly RejectedSheetRow[],
  headers: [string, string, string, string],
  say: (id: string) => string,
): string {
  return csvFile([headers, ...rejected.map((row) => [String(row.line), row.name, row.email, row.problems.map(say).join(' · ')])]);
}
