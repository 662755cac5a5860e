import { organisationProfile } from '../db/schema/privacy';
import type { Executor } from '../db/types';

/**
 * A plausible NGO for the demo (docs/privacy.md, "Organização"): an OSCIP, so company declarations can be tried,
 * with an alphanumeric CNPJ (IN RFB 2.229/2024) whose check digits are right.
 */
export const demoOrganisation = {
  legalName: 'Associação Semear de Apoio Comunitário',
  cnpj: 'SM3A4R2B000146',
  address: {
    country: 'Brasil',
    zip_code: '01221020',
    state: 'SP',
    city: 'São Paulo',
    neighborhood: 'Vila Buarque',
    street_address: 'Rua Doutor Cesário Mota Júnior',
    complement: 'Sala 12',
    house_number: '112',
  },
  representativeName: 'Helena Duarte Vasconcelos',
  representativeRole: 'Presidente',
  deductionTitle: 'oscip' as const,
  deductionTitleNumber: '08071.004512/2019-37',
  deductionTitleDate: '2019-08-14',
  dpoContact: 'Encarregada de proteção de dados: Marina Costa Lima\nprivacidade@semear.org.br · (11) 3333-4040',
};

/** Writes the demo NGO unless an organisation profile is already on record. */
export async function seedDemoOrganisation(tx: Executor, now: Date): Promise<void> {
  await tx
    .insert(organisationProfile)
    .values({ id: 1, ...demoOrganisation, updatedAt: now })
    .onConflictDoNothing();
}
