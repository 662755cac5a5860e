/**
 * A finance export's CSV read back (finance-export.ts): its rows below the header, cells split on `;`,
 * and the sum of a column in cents ('-1' is the last: net), to add the columns up against the page.
 */
export function financeCsvColumns(body: string) {
  const rows = body
    .slice(1)
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
  const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
  return { rows, sum: (index: number) => rows.reduce((total, cells) => total + cents(cells.at(index) as string), 0) };
}
