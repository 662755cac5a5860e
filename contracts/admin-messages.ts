import type { MessageDescriptor } from './messages';

/** Messages of the admin pages' API (docs/admin.md); the admin catalog scope shows them. */
export const adminMessages = {
  nameRequired: /*i18n*/ { id: 'validation.taxonomy_name.required', message: 'O nome é obrigatório' },
  nameTooLong: /*i18n*/ { id: 'validation.taxonomy_name.too_long', message: 'O nome deve ter no máximo 60 caracteres' },
  categoryNameTaken: /*i18n*/ { id: 'error.category_name_taken', message: 'Já existe uma categoria com esse nome.' },
  tagNameTaken: /*i18n*/ { id: 'error.tag_name_taken', message: 'Já existe uma tag com esse nome.' },
  categoryNotFound: /*i18n*/ { id: 'error.category_not_found', message: 'Categoria não encontrada.' },
  tagNotFound: /*i18n*/ { id: 'error.tag_not_found', message: 'Tag não encontrada.' },
  categoryInUse: /*i18n*/ {
    id: 'error.category_in_use',
    message: 'Esta categoria tem campanhas: escolha para qual categoria elas vão antes de apagá-la.',
  },
  categoryMoveToSelf: /*i18n*/ { id: 'error.category_move_to_self', message: 'Escolha outra categoria para receber as campanhas.' },
  tagInUse: /*i18n*/ { id: 'error.tag_in_use', message: 'Esta tag está em campanhas: junte-a a outra tag em vez de apagá-la.' },
  tagMergeSame: /*i18n*/ { id: 'error.tag_merge_same', message: 'Escolha duas tags diferentes para juntar.' },
  orderIncomplete: /*i18n*/ { id: 'error.category_order_incomplete', message: 'A nova ordem precisa ter cada categoria uma vez.' },
} satisfies Record<string, MessageDescriptor>;
