/** The spec's rules the stand-in checks every request body against (bacen/pix-api). */
export const TXID = /^[a-zA-Z0-9]{26,35}$/;
export const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
export const VALOR = /^\d{1,10}\.\d{2}$/;

const digitsCheck = (digits: string, weights: number[]) => {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

export function isCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => (([...cpf.slice(0, length)].reduce((t, d, i) => t + Number(d) * (length + 1 - i), 0) * 10) % 11) % 10;
  const [first, second] = [check(9), check(10)];
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

export function isCnpj(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = digitsCheck(cnpj, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digitsCheck(cnpj, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(cnpj[12]) && second === Number(cnpj[13]);
}

export interface Violacao {
  razao: string;
  propriedade: string;
}

/** The body of PUT /cob/{txid}: what is wrong with it, in the spec's `violacoes`. */
export function cobViolations(body: unknown): Violacao[] {
  const out: Violacao[] = [];
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const calendario = b.calendario as { expiracao?: unknown } | undefined;
  if (calendario?.expiracao !== undefined && !(Number.isInteger(calendario.expiracao) && Number(calendario.expiracao) > 0))
    out.push({ razao: 'expiracao must be a positive integer', propriedade: 'cob.calendario.expiracao' });
  const valor = b.valor as { original?: unknown } | undefined;
  if (typeof valor?.original !== 'string' || !VALOR.test(valor.original))
    out.push({ razao: 'original must match \\d{1,10}\\.\\d{2}', propriedade: 'cob.valor.original' });
  if (typeof b.chave !== 'string' || b.chave.length === 0 || b.chave.length > 77)
    out.push({ razao: 'chave is required', propriedade: 'cob.chave' });
  if (b.devedor !== undefined) {
    const d = b.devedor as { cpf?: unknown; cnpj?: unknown; nome?: unknown };
    if (typeof d.nome !== 'string' || d.nome.length === 0)
      out.push({ razao: 'nome is required with cpf or cnpj', propriedade: 'cob.devedor.nome' });
    if (d.cpf !== undefined && d.cnpj !== undefined) out.push({ razao: 'cpf or cnpj, not both', propriedade: 'cob.devedor' });
    else if (d.cpf !== undefined ? typeof d.cpf !== 'string' || !isCpf(d.cpf) : typeof d.cnpj !== 'string' || !isCnpj(d.cnpj))
      out.push({ razao: 'invalid CPF or CNPJ', propriedade: d.cpf !== undefined ? 'cob.devedor.cpf' : 'cob.devedor.cnpj' });
  }
  return out;
}
