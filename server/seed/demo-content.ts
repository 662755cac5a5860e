import type { SignUp } from '../../contracts/user';
import type { CoverPalette, Motif } from './cover-art';

/** Demo accounts listed in the README (DESIGN.md §5). The CPFs are valid check-digit-wise, not real people's. */
export const DEMO_ADMIN = { email: 'admin@semear.dev', password: 'semear-admin-123' } as const;
export const DEMO_DONOR = { email: 'doador@semear.dev', password: 'semear-doador-123' } as const;

export const demoAccounts: Array<Omit<SignUp, 'password'> & { password: string; role: 'ADMIN' | 'DONOR' }> = [
  {
    name: 'Ana Administradora',
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    person_type: 'INDIVIDUAL',
    cpf: '52998224725',
    cnpj: null,
    phone: '11987654321',
    birth_date: '1985-03-14',
    role: 'ADMIN',
  },
  {
    name: 'Davi Doador',
    email: DEMO_DONOR.email,
    password: DEMO_DONOR.password,
    person_type: 'INDIVIDUAL',
    cpf: '11144477735',
    cnpj: null,
    phone: '81991234567',
    birth_date: '1992-11-02',
    role: 'DONOR',
  },
];

export const demoCategories = [
  { slug: 'alimentacao', name: 'Alimentação' },
  { slug: 'meio-ambiente', name: 'Meio ambiente' },
  { slug: 'educacao', name: 'Educação' },
  { slug: 'animais', name: 'Animais' },
  { slug: 'emergencias', name: 'Emergências' },
  { slug: 'saude', name: 'Saúde' },
] as const;
type CategorySlug = (typeof demoCategories)[number]['slug'];

export const demoTags = [
  { slug: 'fome-zero', name: 'Fome zero' },
  { slug: 'enchentes', name: 'Enchentes' },
  { slug: 'leitura', name: 'Leitura' },
  { slug: 'criancas', name: 'Crianças' },
  { slug: 'adocao', name: 'Adoção' },
  { slug: 'comunidade', name: 'Comunidade' },
  { slug: 'nordeste', name: 'Nordeste' },
  { slug: 'sul', name: 'Sul' },
  { slug: 'norte', name: 'Norte' },
] as const;
type TagSlug = (typeof demoTags)[number]['slug'];

export interface DemoCampaign {
  slug: string;
  title: string;
  summary: string;
  story: string;
  category: CategorySlug;
  tags: TagSlug[];
  goalCents: number | null;
  organiserName: string;
  daysRunning: number;
  motif: Motif;
  palette: CoverPalette;
}

export const demoCampaigns: DemoCampaign[] = [
  {
    slug: 'cozinha-solidaria-recife',
    title: 'Cozinha Solidária do Coque',
    summary: 'Quinhentas refeições por dia para famílias do bairro do Coque, no Recife.',
    story:
      'A Cozinha Solidária do Coque nasceu em 2020, quando vizinhas começaram a cozinhar juntas para quem tinha perdido o trabalho. Hoje são doze voluntárias que servem almoço de segunda a sábado, com feijão, arroz, legumes da agricultura familiar de Vitória de Santo Antão e, às sextas, peixe.\n\nCom a alta dos alimentos, o estoque dura cada vez menos. Cada R$ 6,00 garante uma refeição completa. Sua doação compra ingredientes, gás de cozinha e a manutenção do freezer que guarda as doações dos feirantes.',
    category: 'alimentacao',
    tags: ['fome-zero', 'comunidade', 'nordeste'],
    goalCents: 4_500_000,
    organiserName: 'Associação de Moradoras do Coque',
    daysRunning: 90,
    motif: 'kitchen',
    palette: { sky: ['#ffb36b', '#ffe2b8'], hills: ['#d9733f', '#a84b26'], accent: '#fff3d6' },
  },
  {
    slug: 'enchentes-rio-grande-do-sul',
    title: 'Reconstruir lares no Vale do Taquari',
    summary: 'Kits de limpeza, colchões e material de construção para famílias atingidas pelas enchentes no Rio Grande do Sul.',
    story:
      'As cheias do Rio Taquari deixaram milhares de famílias de Lajeado, Estrela e Muçum sem casa. A água baixou, mas ficaram a lama, os móveis perdidos e as paredes a refazer.\n\nA Defesa Civil e os mutirões de voluntários já cadastraram 320 famílias. Com R$ 150,00 entregamos um kit de limpeza; com R$ 900,00, um colchão, roupa de cama e um fogão. Prestamos contas de cada compra nesta página.',
    category: 'emergencias',
    tags: ['enchentes', 'comunidade', 'sul'],
    goalCents: 25_000_000,
    organiserName: 'Rede Solidária Vale do Taquari',
    daysRunning: 60,
    motif: 'flood',
    palette: { sky: ['#5b8fb9', '#c9e2f2'], hills: ['#3c6e91', '#24506e'], accent: '#f4f9ff' },
  },
  {
    slug: 'biblioteca-escolar-belem',
    title: 'Uma biblioteca para a Escola Terra Firme',
    summary: 'Livros, estantes e um cantinho de leitura para 800 alunos de uma escola pública de Belém.',
    story:
      'A Escola Estadual da Terra Firme, em Belém, tem 800 alunos e nenhuma biblioteca: os poucos livros ficam em caixas na secretaria. Professoras e mães se juntaram para transformar uma sala desocupada em biblioteca, com acervo de autores amazônidas, literatura infantil e livros didáticos.\n\nA meta cobre 2.000 livros, estantes de madeira certificada, pufes, ventiladores e a formação de duas mediadoras de leitura da própria comunidade.',
    category: 'educacao',
    tags: ['leitura', 'criancas', 'norte'],
    goalCents: 6_000_000,
    organiserName: 'Coletivo Leitura na Terra Firme',
    daysRunning: 120,
    motif: 'books',
    palette: { sky: ['#6fbf8e', '#d6f2dc'], hills: ['#2f8a57', '#1d6b3f'], accent: '#fff7cf' },
  },
  {
    slug: 'abrigo-animais-curitiba',
    title: 'Abrigo Quatro Patas de Curitiba',
    summary: 'Ração, vacinas e castrações para 140 cães e gatos resgatados em Curitiba.',
    story:
      'O Abrigo Quatro Patas acolhe cães e gatos resgatados das ruas da Região Metropolitana de Curitiba. São 140 animais à espera de adoção, cuidados por voluntários e uma veterinária que atende duas vezes por semana.\n\nNo inverno curitibano, os gastos com cobertores e remédios dobram. Sua doação paga ração, vacinas, castrações e a reforma dos canis cobertos. Todos os meses fazemos uma feira de adoção no Passeio Público: venha conhecer a turma.',
    category: 'animais',
    tags: ['adocao', 'sul'],
    goalCents: 3_200_000,
    organiserName: 'Associação Quatro Patas',
    daysRunning: 45,
    motif: 'paw',
    palette: { sky: ['#9b8ac9', '#e5dcf7'], hills: ['#6c58a8', '#4b3a85'], accent: '#fff0f5' },
  },
  {
    slug: 'reflorestamento-mata-atlantica',
    title: 'Mil mudas para a Mata Atlântica',
    summary: 'Viveiro comunitário e plantio de 1.000 mudas nativas na Serra do Mar paranaense.',
    story:
      'Agricultores de Morretes e Antonina mantêm um viveiro de mudas nativas: juçara, ipê, araçá e pitanga. Com a campanha, plantamos 1.000 mudas em nascentes degradadas e acompanhamos o crescimento por dois anos, com escolas da região participando dos mutirões.',
    category: 'meio-ambiente',
    tags: ['comunidade', 'sul'],
    goalCents: null,
    organiserName: 'Viveiro Comunitário Serra do Mar',
    daysRunning: 30,
    motif: 'sprout',
    palette: { sky: ['#8fd3c1', '#e3f7ef'], hills: ['#3d9970', '#24734f'], accent: '#fffbe0' },
  },
];
