/**
 * The txid of a PIX copy-and-paste code: EMV field 62 (additional data), sub-field 05. Read here so
 * the sandbox's payment page can be linked without another API field.
 */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i + 4 <= payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!Number.isInteger(length)) break;
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

export function txidOf(brCode: string): string | null {
  const additional = fields(brCode).get('62');
  const txid = additional ? fields(additional).get('05') : undefined;
  return txid && /^[A-Za-z0-9]{1,25}$/.test(txid) ? txid : null;
}
