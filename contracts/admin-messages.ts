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
  inviteEmailMember: /*i18n*/ { id: 'error.team_already_member', message: 'Esta pessoa já faz parte da equipe.' },
  inviteNotFound: /*i18n*/ {
    id: 'error.team_invite_not_found',
    message: 'Este convite não vale mais: pode ter expirado, sido usado ou cancelado. Peça um novo a quem convidou você.',
  },
  inviteOtherEmail: /*i18n*/ {
    id: 'error.team_invite_other_email',
    message: 'Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo.',
  },
  memberNotFound: /*i18n*/ { id: 'error.team_member_not_found', message: 'Esta pessoa não faz parte da equipe.' },
  lastTeamManager: /*i18n*/ {
    id: 'error.team_last_manager',
    message: 'Alguém precisa continuar podendo gerenciar a equipe: dê essa permissão a outra pessoa antes.',
  },
} satisfies Record<string, MessageDescriptor>;
