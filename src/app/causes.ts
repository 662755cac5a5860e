import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The causes people browse by (category slugs of the campaigns API). */
export interface Cause {
  slug: string;
  name: MessageDescriptor;
  description: MessageDescriptor;
}

export const CAUSES: readonly Cause[] = [
  { slug: 'alimentacao', name: msg`Combate à fome`, description: msg`Cozinhas comunitárias e cestas básicas, como a cozinha solidária do Coque, no Recife.` },
  { slug: 'emergencias', name: msg`Emergências e enchentes`, description: msg`Água, abrigo e reconstrução para famílias atingidas, como no Rio Grande do Sul.` },
  { slug: 'educacao', name: msg`Educação`, description: msg`Bibliotecas, reforço escolar e material, como a biblioteca comunitária em Belém.` },
  { slug: 'animais', name: msg`Proteção animal`, description: msg`Resgate, castração e adoção responsável, como o abrigo de animais em Curitiba.` },
  { slug: 'saude', name: msg`Saúde`, description: msg`Tratamentos, equipamentos e apoio a pacientes e famílias.` },
  { slug: 'meio-ambiente', name: msg`Meio ambiente`, description: msg`Reflorestamento, nascentes e coleta seletiva nas cidades.` },
];
