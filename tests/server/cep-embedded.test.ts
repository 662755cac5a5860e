import { describe, expect, it } from 'vitest';
import { cepLookupResultSchema } from '../../contracts/address-lookup';
import { BRAZILIAN_STATES } from '../../contracts/documents';
import { createCepLookup } from '../../server/services/cep/create-cep-lookup';
import { CEP_RANGES, embeddedCepLookup, stateForCep } from '../../server/services/cep/embedded';

const cep5 = (prefix: number, suffix: string) => `${String(prefix).padStart(5, '0')}${suffix}`;

describe('embedded CEP lookup (Correios ranges)', () => {
  // A central CEP of every capital, plus the second range of the states that have one.
  const oneCepPerState: Array<[string, string]> = [
    ['01310-100', 'SP'],
    ['20040-020', 'RJ'],
    ['29010-120', 'ES'],
    ['30130-010', 'MG'],
    ['40020-000', 'BA'],
    ['49010-000', 'SE'],
    ['50030-230', 'PE'],
    ['57020-050', 'AL'],
    ['58010-000', 'PB'],
    ['59010-000', 'RN'],
    ['60060-000', 'CE'],
    ['64000-020', 'PI'],
    ['65010-000', 'MA'],
    ['66010-000', 'PA'],
    ['68900-073', 'AP'],
    ['69005-040', 'AM'],
    ['69301-000', 'RR'],
    ['69900-062', 'AC'],
    ['70040-010', 'DF'],
    ['74003-010', 'GO'],
    ['77001-002', 'TO'],
    ['78005-000', 'MT'],
    ['76801-000', 'RO'],
    ['79002-000', 'MS'],
    ['80010-000', 'PR'],
    ['88010-000', 'SC'],
    ['90010-000', 'RS'],
    ['69400-000', 'AM'],
    ['73010-000', 'DF'],
    ['72800-000', 'GO'],
    ['75000-000', 'GO'],
    ['78900-000', 'RO'],
    ['53990-000', 'PE'], // Fernando de Noronha
  ];

  it('covers every state', () => {
    expect(new Set(oneCepPerState.map(([, uf]) => uf))).toEqual(new Set(BRAZILIAN_STATES));
  });

  it.each(oneCepPerState)('%s is in %s, with the rest of the address left to the user', async (cep, state) => {
    expect(stateForCep(cep)).toBe(state);
    const result = await embeddedCepLookup().lookup(cep);
    expect(result).toEqual({ zip_code: cep.replace('-', ''), state, city: '', neighborhood: '', street_address: '', source: 'embedded' });
    expect(cepLookupResultSchema.parse(result)).toEqual(result);
  });

  it('tiles 01000-000..99999-999 without gaps or overlaps, in order', () => {
    expect(CEP_RANGES[0]?.[0]).toBe(1000);
    expect(CEP_RANGES.at(-1)?.[1]).toBe(99999);
    for (let i = 1; i < CEP_RANGES.length; i++) expect(CEP_RANGES[i]?.[0]).toBe((CEP_RANGES[i - 1]?.[1] ?? 0) + 1);
  });

  it.each(CEP_RANGES.map(([first, last, state]) => [state, first, last] as const))(
    '%s: both ends of %i..%i belong to it',
    (state, first, last) => {
      expect(stateForCep(cep5(first, '000'))).toBe(state);
      expect(stateForCep(cep5(last, '999'))).toBe(state);
    },
  );

  it.each([
    ['28999-999', 'RJ', '29000-000', 'ES'],
    ['68899-999', 'PA', '68900-000', 'AP'],
    ['69299-999', 'AM', '69300-000', 'RR'],
    ['69399-999', 'RR', '69400-000', 'AM'],
    ['72799-999', 'DF', '72800-000', 'GO'],
    ['73699-999', 'DF', '73700-000', 'GO'],
    ['76799-999', 'GO', '76800-000', 'RO'],
    ['78899-999', 'MT', '78900-000', 'RO'],
  ])('the border %s (%s) / %s (%s)', (before, stateBefore, after, stateAfter) => {
    expect(stateForCep(before)).toBe(stateBefore);
    expect(stateForCep(after)).toBe(stateAfter);
  });

  it.each(['00000-000', '00999-999', '00000000'])('%s is outside every range: not found', async (cep) => {
    expect(stateForCep(cep)).toBeNull();
    expect(await embeddedCepLookup().lookup(cep)).toBeNull();
  });

  it.each(['', '1234567', '123456789', 'abcdefgh', '01310-10', '01310-1000', 'x01310100', '0131o-100'])(
    '"%s" is malformed: not found',
    async (cep) => {
      expect(stateForCep(cep)).toBeNull();
      expect(await embeddedCepLookup().lookup(cep)).toBeNull();
    },
  );

  it('accepts the usual masks', () => {
    for (const cep of ['01310100', '01310-100', '01.310-100', ' 01310-100 ']) expect(stateForCep(cep)).toBe('SP');
  });

  it('is what createCepLookup gives for the embedded provider', async () => {
    expect(await createCepLookup({ provider: 'embedded', url: null }).lookup('01310100')).toMatchObject({
      state: 'SP',
      source: 'embedded',
    });
  });
});
