import type { SignUp } from '../../contracts/user';
import type { CoverPalette, Motif } from './cover-art';

/** Demo accounts listed in the README (docs/design.md §5). The CPFs are valid check-digit-wise, not real people's. */
export const DEMO_ADMIN = { email: 'admin@semear.dev', password: 'semear-admin-123' } as const;
/** A second admin with every permission: the second pair of eyes that approves what the first asks (docs/admin.md). */
export const DEMO_REVIEWER = { email: 'revisora@semear.dev', password: 'semear-revisora-123' } as const;
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
    name: 'Rita Revisora',
    email: DEMO_REVIEWER.email,
    password: DEMO_REVIEWER.password,
    person_type: 'INDIVIDUAL',
    cpf: '39053344705',
    cnpj: null,
    phone: '21987654321',
    birth_date: '1979-07-22',
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
  { slug: 'alimentacao', name: 'Alimentação', translations: { en: 'Food', es: 'Alimentación' } },
  { slug: 'meio-ambiente', name: 'Meio ambiente', translations: { en: 'Environment', es: 'Medio ambiente' } },
  { slug: 'educacao', name: 'Educação', translations: { en: 'Education', es: 'Educación' } },
  { slug: 'animais', name: 'Animais', translations: { en: 'Animals', es: 'Animales' } },
  { slug: 'emergencias', name: 'Emergências', translations: { en: 'Emergencies', es: 'Emergencias' } },
  { slug: 'saude', name: 'Saúde', translations: { en: 'Health', es: 'Salud' } },
] as const;
type CategorySlug = (typeof demoCategories)[number]['slug'];

export const demoTags = [
  { slug: 'fome-zero', name: 'Fome zero', translations: { en: 'Zero hunger', es: 'Hambre cero' } },
  { slug: 'enchentes', name: 'Enchentes', translations: { en: 'Floods', es: 'Inundaciones' } },
  { slug: 'leitura', name: 'Leitura', translations: { en: 'Reading', es: 'Lectura' } },
  { slug: 'criancas', name: 'Crianças', translations: { en: 'Children', es: 'Niños' } },
  { slug: 'adocao', name: 'Adoção', translations: { en: 'Adoption', es: 'Adopción' } },
  { slug: 'comunidade', name: 'Comunidade', translations: { en: 'Community', es: 'Comunidad' } },
  { slug: 'nordeste', name: 'Nordeste', translations: { en: 'Northeast', es: 'Nordeste' } },
  { slug: 'sul', name: 'Sul', translations: { en: 'South', es: 'Sur' } },
  { slug: 'norte', name: 'Norte', translations: { en: 'North', es: 'Norte' } },
] as const;
type TagSlug = (typeof demoTags)[number]['slug'];

export interface DemoCampaign {
  slug: string;
  title: string;
  summary: string;
  /** Rich text (HTML); the seed stores it through sanitizeStoryHtml like any other story. */
  story: string;
  category: CategorySlug;
  tags: TagSlug[];
  goalCents: number | null;
  organiserName: string;
  daysRunning: number;
  /** Days until the campaign ends; null for an open-ended one. */
  daysLeft: number | null;
  /** Shown first on the home page. */
  featured: boolean;
  motif: Motif;
  palette: CoverPalette;
}

export const demoCampaigns: DemoCampaign[] = [
  {
    slug: 'cozinha-solidaria-recife',
    title: 'Cozinha Solidária do Coque',
    summary: 'Quinhentas refeições por dia para famílias do bairro do Coque, no Recife.',
    story: `<p>A Cozinha Solidária do Coque nasceu em 2020, quando vizinhas começaram a cozinhar juntas para quem tinha perdido o trabalho. Hoje são <strong>doze voluntárias</strong> que servem almoço de segunda a sábado, com feijão, arroz, legumes da agricultura familiar de Vitória de Santo Antão e, às sextas, peixe.</p>
<h2>Para onde vai a sua doação</h2>
<p>Com a alta dos alimentos, o estoque dura cada vez menos. <strong>Cada R$ 6,00 garante uma refeição completa.</strong> Sua doação compra:</p>
<ul><li>ingredientes para as quinhentas refeições do dia;</li><li>gás de cozinha;</li><li>a manutenção do freezer que guarda as doações dos feirantes.</li></ul>`,
    category: 'alimentacao',
    tags: ['fome-zero', 'comunidade', 'nordeste'],
    goalCents: 4_500_000,
    organiserName: 'Associação de Moradoras do Coque',
    daysRunning: 90,
    daysLeft: 120,
    featured: true,
    motif: 'kitchen',
    palette: { sky: ['#ffb36b', '#ffe2b8'], hills: ['#d9733f', '#a84b26'], accent: '#fff3d6' },
  },
  {
    slug: 'enchentes-rio-grande-do-sul',
    title: 'Reconstruir lares no Vale do Taquari',
    summary: 'Kits de limpeza, colchões e material de construção para famílias atingidas pelas enchentes no Rio Grande do Sul.',
    story: `<p>As cheias do Rio Taquari deixaram milhares de famílias de Lajeado, Estrela e Muçum sem casa. A água baixou, mas ficaram a lama, os móveis perdidos e as paredes a refazer.</p>
<h2>O que já fizemos</h2>
<p>A Defesa Civil e os mutirões de voluntários já cadastraram <strong>320 famílias</strong>.</p>
<h2>O que a sua doação compra</h2>
<ul><li><strong>R$ 150,00</strong>: um kit de limpeza;</li><li><strong>R$ 900,00</strong>: um colchão, roupa de cama e um fogão.</li></ul>
<p>Prestamos contas de cada compra nesta página.</p>`,
    category: 'emergencias',
    tags: ['enchentes', 'comunidade', 'sul'],
    goalCents: 25_000_000,
    organiserName: 'Rede Solidária Vale do Taquari',
    daysRunning: 60,
    daysLeft: 20,
    featured: true,
    motif: 'flood',
    palette: { sky: ['#5b8fb9', '#c9e2f2'], hills: ['#3c6e91', '#24506e'], accent: '#f4f9ff' },
  },
  {
    slug: 'biblioteca-escolar-belem',
    title: 'Uma biblioteca para a Escola Terra Firme',
    summary: 'Livros, estantes e um cantinho de leitura para 800 alunos de uma escola pública de Belém.',
    story: `<p>A Escola Estadual da Terra Firme, em Belém, tem <strong>800 alunos e nenhuma biblioteca</strong>: os poucos livros ficam em caixas na secretaria. Professoras e mães se juntaram para transformar uma sala desocupada em biblioteca, com acervo de autores amazônidas, literatura infantil e livros didáticos.</p>
<h2>A meta</h2>
<p>A meta cobre 2.000 livros, estantes de madeira certificada, pufes, ventiladores e a formação de duas mediadoras de leitura da própria comunidade.</p>
<blockquote>Quem lê viaja sem sair da Terra Firme.</blockquote>`,
    category: 'educacao',
    tags: ['leitura', 'criancas', 'norte'],
    goalCents: 6_000_000,
    organiserName: 'Coletivo Leitura na Terra Firme',
    daysRunning: 120,
    daysLeft: 45,
    featured: true,
    motif: 'books',
    palette: { sky: ['#6fbf8e', '#d6f2dc'], hills: ['#2f8a57', '#1d6b3f'], accent: '#fff7cf' },
  },
  {
    slug: 'abrigo-animais-curitiba',
    title: 'Abrigo Quatro Patas de Curitiba',
    summary: 'Ração, vacinas e castrações para 140 cães e gatos resgatados em Curitiba.',
    story: `<p>O Abrigo Quatro Patas acolhe cães e gatos resgatados das ruas da Região Metropolitana de Curitiba. São <strong>140 animais à espera de adoção</strong>, cuidados por voluntários e uma veterinária que atende duas vezes por semana.</p>
<p>No inverno curitibano, os gastos com cobertores e remédios dobram. Sua doação paga ração, vacinas, castrações e a reforma dos canis cobertos.</p>
<h2>Venha conhecer a turma</h2>
<p>Todos os meses fazemos uma feira de adoção no Passeio Público.</p>`,
    category: 'animais',
    tags: ['adocao', 'sul'],
    goalCents: 3_200_000,
    organiserName: 'Associação Quatro Patas',
    daysRunning: 45,
    daysLeft: 90,
    featured: false,
    motif: 'paw',
    palette: { sky: ['#9b8ac9', '#e5dcf7'], hills: ['#6c58a8', '#4b3a85'], accent: '#fff0f5' },
  },
  {
    slug: 'reflorestamento-mata-atlantica',
    title: 'Mil mudas para a Mata Atlântica',
    summary: 'Viveiro comunitário e plantio de 1.000 mudas nativas na Serra do Mar paranaense.',
    story: `<p>Agricultores de Morretes e Antonina mantêm um viveiro de mudas nativas: <em>juçara, ipê, araçá e pitanga</em>.</p>
<p>Com a campanha, plantamos <strong>1.000 mudas</strong> em nascentes degradadas e acompanhamos o crescimento por dois anos, com escolas da região participando dos mutirões. A campanha não tem meta: cada muda a mais é floresta a mais.</p>`,
    category: 'meio-ambiente',
    tags: ['comunidade', 'sul'],
    goalCents: null,
    organiserName: 'Viveiro Comunitário Serra do Mar',
    daysRunning: 30,
    daysLeft: null,
    featured: false,
    motif: 'sprout',
    palette: { sky: ['#8fd3c1', '#e3f7ef'], hills: ['#3d9970', '#24734f'], accent: '#fffbe0' },
  },
  {
    slug: 'barco-saude-ribeirinhos',
    title: 'Barco da Saúde para os ribeirinhos do Tapajós',
    summary: 'Consultas, vacinas e exames a bordo para 30 comunidades ribeirinhas do oeste do Pará.',
    story: `<p>Nas comunidades do Rio Tapajós, o posto de saúde mais próximo pode estar a um dia de barco. O <strong>Barco da Saúde</strong> leva uma médica, duas enfermeiras e um dentista até 30 comunidades a cada dois meses.</p>
<h2>O que falta</h2>
<p>Combustível, vacinas em caixas térmicas, um aparelho de ultrassom portátil e a reforma do casco. <strong>R$ 80,00</strong> pagam o diesel de uma hora de viagem.</p>`,
    category: 'saude',
    tags: ['comunidade', 'norte'],
    goalCents: 12_000_000,
    organiserName: 'Instituto Saúde nas Águas',
    daysRunning: 15,
    daysLeft: 150,
    featured: false,
    motif: 'heart',
    palette: { sky: ['#f28c8c', '#fde0dc'], hills: ['#c44f5a', '#93303f'], accent: '#fff5e6' },
  },
  {
    slug: 'cisternas-sertao-paraiba',
    title: 'Cisternas para o Sertão da Paraíba',
    summary: 'Cisternas de placas que guardam a água da chuva para 60 famílias do Cariri paraibano.',
    story: `<p>No Cariri paraibano chove pouco e de uma vez. Uma cisterna de placas guarda <strong>16 mil litros</strong> de água da chuva: o bastante para uma família beber e cozinhar durante a estiagem.</p>
<h2>Como funciona</h2>
<ol><li>As famílias escolhem juntas quem recebe primeiro;</li><li>pedreiros da própria comunidade constroem, com ajuda dos vizinhos;</li><li>cada família aprende a cuidar da água e da calha.</li></ol>
<p>Cada cisterna custa cerca de <strong>R$ 3.500,00</strong>.</p>`,
    category: 'meio-ambiente',
    tags: ['nordeste', 'comunidade'],
    goalCents: 21_000_000,
    organiserName: 'Articulação Cariri das Águas',
    daysRunning: 75,
    daysLeft: 10,
    featured: false,
    motif: 'flood',
    palette: { sky: ['#f7c873', '#fcebc4'], hills: ['#c98b3a', '#94602a'], accent: '#e8f6ff' },
  },
  {
    slug: 'reforco-escolar-salvador',
    title: 'Reforço escolar no Subúrbio de Salvador',
    summary: 'Aulas de reforço, lanche e material para 120 crianças do Subúrbio Ferroviário de Salvador.',
    story: `<p>Depois da escola, <strong>120 crianças</strong> de Periperi e Paripe têm aulas de reforço em português e matemática com educadoras do bairro, lanche e um espaço seguro para estudar.</p>
<h2>Sua doação garante</h2>
<ul><li>o lanche da tarde;</li><li>cadernos, lápis e livros;</li><li>a bolsa das seis educadoras.</li></ul>`,
    category: 'educacao',
    tags: ['criancas', 'leitura', 'nordeste'],
    goalCents: 4_800_000,
    organiserName: 'Associação Crescer no Subúrbio',
    daysRunning: 5,
    daysLeft: 200,
    featured: false,
    motif: 'books',
    palette: { sky: ['#7fb2e5', '#dcebfa'], hills: ['#4a7fc1', '#2f5d96'], accent: '#fff4c2' },
  },
];
