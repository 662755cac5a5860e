import { zipStream } from './zip-stream';

/**
 * A one-sheet XLSX written row by row (docs/admin.md, "Exports"): the sheet's XML is made a page of rows at
 * a time as the caller reads them and goes straight into the zip (zip-stream.ts), so a workbook of 100,000
 * lines is never whole in memory, and the deflating runs off the event loop. Text cells are inline strings
 * (no shared-strings table to hold until the end), numbers are numbers; the caller makes text safe from
 * formulas (formulaSafe) as it does for CSV.
 */

export type XlsxCell = string | number;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot carry at all (a control character in a donor's name): dropped, as spreadsheets would. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: XlsxCell, ref: string): string {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`xlsx: ${ref} is not a finite number`);
    return `<c r="${ref}"><v>${cell}</v></c>`;
  }
  // Leading or trailing spaces are kept only when said so.
  const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(cell)}</t></is></c>`;
}

/** Rows as sheet XML, numbered from `firstRow` (1-based). */
function rowsXml(rows: readonly (readonly XlsxCell[])[], firstRow: number, columns: readonly string[]): string {
  let xml = '';
  rows.forEach((row, i) => {
    const r = firstRow + i;
    xml += `<row r="${r}">`;
    row.forEach((cell, c) => (xml += cellXml(cell, `${columns[c] ?? columnName(c)}${r}`)));
    xml += '</row>';
  });
  return xml;
}

/** A sheet's name as spreadsheets take it: no []:*?/\, at most 31 characters, never empty. */
export const sheetNameOf = (name: string): string =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function* sheetXml(header: readonly string[], pages: AsyncIterable<readonly (readonly XlsxCell[])[]>): AsyncGenerator<Buffer> {
  const columns = header.map((_, i) => columnName(i));
  yield utf8(`${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowsXml([header], 1, columns)}`);
  let next = 2;
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    yield utf8(rowsXml(rows, next, columns));
    next += rows.length;
    if (next > 1_048_577) throw new Error('xlsx: more rows than a sheet holds (1,048,576)');
  }
  yield utf8('</sheetData></worksheet>');
}

const packageParts = (sheetName: string) => ({
  '[Content_Types].xml':
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels':
    `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml':
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
    `<sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  // The least a styles part can say (one font, fill, border and format): some readers refuse a workbook without one.
  'xl/styles.xml':
    `${HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
});

/** The workbook's bytes, chunk by chunk: `pages` is read one page at a time, as the zip asks for the sheet's next chunk. */
export function xlsxStream(
  sheet: { name: string; header: readonly string[] },
  pages: AsyncIterable<readonly (readonly XlsxCell[])[]>,
): AsyncGenerator<Buffer> {
  const fixed = Object.entries(packageParts(sheet.name)).map(([name, xml]) => ({ name, content: [utf8(xml)] }));
  return zipStream([...fixed, { name: 'xl/worksheets/sheet1.xml', content: sheetXml(sheet.header, pages) }]);
}
