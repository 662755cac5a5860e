import type { MessageDescriptor } from '../../../contracts/messages';

/** The server's answers and mails about deletions (it translates them itself; the pages show their own texts). */
export const accountDeletionMessages = {
  passwordWrong: /*i18n*/ {
    id: 'error.account_deletion.password_wrong',
    message: 'A senha não confere. Nada foi excluído.',
  },
  linkInvalid: /*i18n*/ {
    id: 'error.account_deletion.link_invalid',
    message: 'Este link de exclusão expirou ou já foi usado. Peça a exclusão de novo pelo link do seu recibo.',
  },
  guestMailSent: /*i18n*/ {
    id: 'account_deletion.guest.mail_sent',
    message: 'Enviamos um e-mail para o endereço desta doação. Abra o link nele para confirmar a exclusão dos seus dados.',
  },
  guestMailSubject: /*i18n*/ { id: 'account_deletion.guest.mail_subject', message: 'Confirme a exclusão dos seus dados no Semear' },
  guestMailIntro: /*i18n*/ {
    id: 'account_deletion.guest.mail_intro',
    message:
      'Recebemos um pedido para excluir os dados pessoais das doações feitas sem conta com este e-mail. Os valores e as datas ficam guardados, sem o seu nome, pelo prazo da lei fiscal.',
  },
  guestMailAction: /*i18n*/ { id: 'account_deletion.guest.mail_action', message: 'Confirmar a exclusão' },
  guestMailIgnore: /*i18n*/ {
    id: 'account_deletion.guest.mail_ignore',
    message: 'Se não foi você que pediu, ignore este e-mail: nada será excluído. O link vale por 24 horas.',
  },
} satisfies Record<string, MessageDescriptor>;
