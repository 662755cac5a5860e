// The terms of use and the privacy policy (LGPD), one message per heading and paragraph so each
// translates on its own. Changing a text means a new date in its `lead`.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A legal page: its title, the line under it (with the date it came into force), and numbered sections. */
export interface LegalText {
  title: MessageDescriptor;
  lead: MessageDescriptor;
  sections: Array<{ heading: MessageDescriptor; paragraphs: MessageDescriptor[] }>;
}

/** Termos de uso: what the sign-up asks donors to accept. */
export const termsOfUse: LegalText = {
  title: msg`Termos de uso`,
  lead: msg`As regras para doar, receber doações e usar a Semear. Vigentes desde 23 de novembro de 2026.`,
  sections: [
    {
      heading: msg`1. Quem somos e o que fazemos`,
      paragraphs: [
        msg`A Semear é uma plataforma brasileira que liga doadores a campanhas de organizações e pessoas que fazem trabalho social. Recebemos as doações, registramos cada real em um livro-razão de partidas dobradas e repassamos os valores às campanhas.`,
        msg`Ao criar uma conta ou fazer uma doação, você aceita estes termos e a nossa Política de privacidade. Se não concordar com eles, não use a plataforma.`,
      ],
    },
    {
      heading: msg`2. Sua conta`,
      paragraphs: [
        msg`Você precisa ter 18 anos ou mais, ou ser representado por quem tenha, para abrir uma conta. Os dados informados (nome, e-mail, CPF ou CNPJ, telefone) devem ser verdadeiros e seus.`,
        msg`A senha é pessoal. Avise-nos imediatamente se suspeitar que alguém usou a sua conta. Podemos suspender ou encerrar contas usadas para fraude, lavagem de dinheiro ou em desacordo com estes termos.`,
      ],
    },
    {
      heading: msg`3. Doações`,
      paragraphs: [
        msg`Uma doação é um ato voluntário e sem contrapartida. Você pode doar por cartão, PIX, PayPal, gift card ou saldo da carteira, uma vez ou todo mês. O valor mínimo e os meios aceitos aparecem no momento da doação.`,
        msg`Cada doação confirmada gera um recibo no seu e-mail e na sua conta. Uma doação só é cancelada ou estornada nos casos previstos em lei ou quando o pagamento for contestado junto ao emissor do cartão.`,
      ],
    },
    {
      heading: msg`4. Doação mensal`,
      paragraphs: [
        msg`A doação mensal é cobrada no cartão escolhido no mesmo dia de cada mês (ou no último dia dos meses mais curtos). Você pode pausar, retomar, mudar o valor ou cancelar a qualquer momento pela sua carteira ou pelo link de cancelamento dos nossos e-mails.`,
        msg`Cada mês pago vira crédito na sua carteira até a próxima cobrança, para você escolher a campanha. O crédito não usado até lá é doado automaticamente à causa que você escolheu ou, na falta dela, à campanha que você mais apoiou nos últimos 12 meses ou ao fundo geral. Avisamos antes.`,
      ],
    },
    {
      heading: msg`5. Gift cards e carteira`,
      paragraphs: [
        msg`Gift cards valem seis meses a partir da compra e só podem ser usados para doar. O saldo não é reembolsável nem convertido em dinheiro; o que sobrar no vencimento é doado automaticamente, como o crédito da carteira.`,
      ],
    },
    {
      heading: msg`6. Campanhas e organizadores`,
      paragraphs: [
        msg`Os organizadores respondem pela veracidade das campanhas e pelo uso dos recursos. A Semear verifica as campanhas antes de publicá-las, acompanha os repasses e pode pausar ou encerrar uma campanha diante de indícios de irregularidade, informando os doadores.`,
      ],
    },
    {
      heading: msg`7. Uso aceitável`,
      paragraphs: [
        msg`Não é permitido usar a Semear para fins ilícitos, enviar mensagens de apoio ofensivas ou discriminatórias, tentar acessar dados de outras pessoas, sobrecarregar ou contornar as proteções da plataforma.`,
      ],
    },
    {
      heading: msg`8. Responsabilidade`,
      paragraphs: [
        msg`Trabalhamos para manter a plataforma disponível e segura, mas ela pode passar por interrupções. Nenhum valor se perde: cada pagamento é registrado e conciliado com o meio de pagamento. Nada nestes termos limita os seus direitos como consumidor.`,
      ],
    },
    {
      heading: msg`9. Mudanças, lei e contato`,
      paragraphs: [
        msg`Se mudarmos estes termos, avisaremos com pelo menos 15 dias de antecedência por e-mail e na plataforma. Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor e o Marco Civil da Internet; o foro é o do domicílio do consumidor.`,
        msg`Dúvidas: contato@semear.org.br.`,
      ],
    },
  ],
};

/** Política de privacidade, following the LGPD (Lei 13.709/2018): controller, data, bases, sharing, retention, rights. */
export const privacyPolicy: LegalText = {
  title: msg`Política de privacidade`,
  lead: msg`Como a Semear trata os seus dados pessoais, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018). Vigente desde 23 de novembro de 2026.`,
  sections: [
    {
      heading: msg`1. Controlador`,
      paragraphs: [
        msg`A Semear é a controladora dos dados pessoais tratados na plataforma. Nosso encarregado de proteção de dados (DPO) atende pelo contato indicado no início desta página.`,
      ],
    },
    {
      heading: msg`2. Dados que coletamos`,
      paragraphs: [
        msg`Cadastro: nome, e-mail, CPF ou CNPJ, telefone, data de nascimento e, se você informar, endereço. Doações: valor, campanha, meio de pagamento, data, mensagem de apoio e a escolha de doar anonimamente.`,
        msg`Cartões: guardamos apenas um token do processador de pagamentos, a bandeira, os últimos quatro dígitos e a validade. O número completo e o código de segurança nunca passam pelos nossos servidores nem ficam registrados.`,
        msg`Uso: páginas visitadas, idioma e dados técnicos (endereço IP, navegador) para segurança, prevenção de fraude e estatísticas agregadas.`,
      ],
    },
    {
      heading: msg`3. Para que usamos e com qual base legal`,
      paragraphs: [
        msg`Processar doações, emitir recibos e manter a sua conta: execução de contrato (art. 7º, V). Guardar registros financeiros e fiscais: cumprimento de obrigação legal (art. 7º, II). Prevenir fraudes e proteger a plataforma: legítimo interesse (art. 7º, IX). Enviar novidades de campanhas: consentimento, que você pode retirar a qualquer momento (art. 7º, I).`,
      ],
    },
    {
      heading: msg`4. Com quem compartilhamos`,
      paragraphs: [
        msg`Com os processadores de pagamento (cartão, PIX, PayPal) apenas o necessário para cobrar; com o provedor de e-mail para enviar recibos e avisos; com autoridades quando a lei exigir. Os organizadores das campanhas veem o seu nome e a sua mensagem, nunca se você doou anonimamente, e nunca o seu CPF, e-mail ou telefone. Não vendemos dados pessoais.`,
      ],
    },
    {
      heading: msg`5. Por quanto tempo guardamos`,
      paragraphs: [
        msg`Os dados da conta ficam enquanto ela existir. Registros de doações e pagamentos são guardados por cinco anos, como exige a legislação fiscal; registros de acesso, por seis meses, como exige o Marco Civil da Internet. Depois disso, são apagados ou anonimizados.`,
      ],
    },
    {
      heading: msg`6. Seus direitos`,
      paragraphs: [
        msg`Pelo art. 18 da LGPD, você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a anonimização ou eliminação do que for desnecessário, a portabilidade, informações sobre com quem compartilhamos, e revogar o consentimento. Também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).`,
        msg`Muitos dados você mesmo corrige no seu perfil. Para os demais pedidos, escreva ao encarregado pelo contato indicado no início desta página; respondemos em até 15 dias.`,
      ],
    },
    {
      heading: msg`7. Cookies e armazenamento local`,
      paragraphs: [
        msg`Usamos apenas o necessário para a plataforma funcionar: os cookies da sua sessão e, no seu navegador, o idioma escolhido e o andamento de uma doação em curso (nunca dados de cartão). Não usamos cookies de publicidade de terceiros.`,
      ],
    },
    {
      heading: msg`8. Segurança`,
      paragraphs: [
        msg`Os dados trafegam cifrados, as senhas são guardadas com hash forte (Argon2), o acesso interno é limitado por permissões e registrado, e os pagamentos são conciliados com os processadores. Se houver um incidente que possa afetar você, avisaremos você e a ANPD.`,
      ],
    },
    {
      heading: msg`9. Crianças e adolescentes`,
      paragraphs: [
        msg`A Semear não é destinada a menores de 18 anos. Se soubermos que tratamos dados de uma criança sem o consentimento de um responsável, eles serão apagados.`,
      ],
    },
    {
      heading: msg`10. Mudanças nesta política`,
      paragraphs: [
        msg`Se esta política mudar, avisaremos por e-mail e na plataforma antes de a mudança valer, com a data da nova versão no topo desta página.`,
      ],
    },
  ],
};
