/** Who gives in the demo data, and how much (server/seed/demo-giving.ts). */

/** Invented Brazilian donors (the CPFs pass the check digits but belong to no one). */
export type DemoDonor = { name: string; email: string; cpf: string; message: string | null; anonymous: boolean };
export const DONORS: DemoDonor[] = [
  {
    name: 'Ana Beatriz Costa',
    email: 'ana.costa@exemplo.com.br',
    cpf: '52998224725',
    message: 'Que lindo projeto! Contem comigo.',
    anonymous: false,
  },
  { name: 'Carlos Eduardo Lima', email: 'carlos.lima@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
  {
    name: 'Fernanda Oliveira',
    email: 'fernanda.o@exemplo.com.br',
    cpf: '39053344705',
    message: 'Força para toda a equipe!',
    anonymous: true,
  },
  {
    name: 'José Ribamar Souza',
    email: 'ribamar@exemplo.com.br',
    cpf: '86288366757',
    message: 'Doei em nome da minha mãe, que sempre ajudou o bairro.',
    anonymous: false,
  },
  { name: 'Luana Ferreira', email: 'luana.f@exemplo.com.br', cpf: '71428793860', message: null, anonymous: true },
  { name: 'Rafael Nascimento', email: 'rafa.nasc@exemplo.com.br', cpf: '04852678038', message: 'Vamos juntos!', anonymous: false },
  {
    name: 'Mariana Albuquerque',
    email: 'mari.alb@exemplo.com.br',
    cpf: '52998224725',
    message: 'Orgulho de ver gente fazendo acontecer.',
    anonymous: false,
  },
  { name: 'Thiago Moreira', email: 'thiago.m@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
  {
    name: 'Juliana Pereira dos Santos',
    email: 'ju.santos@exemplo.com.br',
    cpf: '39053344705',
    message: 'Todo mês um pouquinho. Obrigada pelo trabalho!',
    anonymous: false,
  },
  { name: 'Pedro Henrique Barbosa', email: 'pedro.hb@exemplo.com.br', cpf: '86288366757', message: null, anonymous: true },
  {
    name: 'Camila Rocha',
    email: 'camila.rocha@exemplo.com.br',
    cpf: '71428793860',
    message: 'Compartilhei com a família toda.',
    anonymous: false,
  },
  { name: 'Antônio Carlos Mendes', email: 'acmendes@exemplo.com.br', cpf: '04852678038', message: null, anonymous: false },
  {
    name: 'Beatriz Nogueira',
    email: 'bia.nogueira@exemplo.com.br',
    cpf: '52998224725',
    message: 'Que cheguem logo à meta!',
    anonymous: false,
  },
  { name: 'Gabriel Tavares', email: 'gabriel.t@exemplo.com.br', cpf: '11144477735', message: null, anonymous: false },
];
/** Companies that give the large sums real campaigns get from a few sponsors. */
export const SPONSORS: DemoDonor[] = [
  { name: 'Instituto Semente Viva', email: 'contato@sementeviva.org.br', cpf: '', message: 'Parabéns pela mobilização!', anonymous: false },
  { name: 'Padaria Pão de Mel Ltda', email: 'contato@paodemel.com.br', cpf: '', message: 'O bairro agradece.', anonymous: false },
  { name: 'Cooperativa Vale Verde', email: 'coop@valeverde.coop.br', cpf: '', message: null, anonymous: false },
];
/** Everyday gifts, in cents. */
export const AMOUNTS_CENTS = [3_000, 5_000, 5_000, 10_000, 2_500, 15_000, 20_000, 5_000, 50_000, 7_500, 10_000, 25_000];
/** How far along each demo campaign is (share of its goal); the first one goes past 100%. */
export const PROGRESS = [1.1, 0.64, 0.38, 0.81, 0.22, 0.55, 0.47, 0.7];
/** What an open-ended campaign (no goal) has raised. */
export const OPEN_ENDED_RAISED_CENTS = 842_000;

/** The demo donor account's own gift (README: doador@semear.dev). */
export const DEMO_DONOR_GIFT: DemoDonor = {
  name: 'Davi Doador',
  email: 'doador@semear.dev',
  cpf: '11144477735',
  message: 'Primeira doação pelo Semear!',
  anonymous: false,
};
