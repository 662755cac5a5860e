import { msg } from '@lingui/core/macro';
import type { GiftCardRedeemed } from '../../../contracts';
import { formatDate, formatMoney } from '../../app/format';
import { useSubmission } from '../../app/forms/use-submission';
import { i18n } from '../../app/i18n/catalogs';
import { toast } from '../../app/toast';
import { walletApi } from '../../lib/api/wallet';

/** POST /gift-cards/redemptions; the form says a failure, a toast says what came in and until when. */
export function useRedeemGiftCard(onRedeemed: (redeemed: GiftCardRedeemed) => void, redeem = walletApi.redeemGiftCard) {
  return useSubmission<{ code: string }, GiftCardRedeemed>({
    submit: ({ code }) => redeem(code),
    onSuccess: (redeemed) => {
      const amount = formatMoney(redeemed.amount);
      const until = formatDate(redeemed.expires_at);
      const when = formatDate(redeemed.redeemed_at);
      // A code typed again changes nothing: say so, rather than that the money came in once more.
      if (redeemed.already_redeemed)
        toast.info(
          i18n._(msg`Você já resgatou este cartão em ${when}: os ${amount} dele já estão na sua carteira, para doar até ${until}.`),
        );
      else toast.success(i18n._(msg`Pronto! ${amount} entraram na sua carteira, para doar até ${until}.`));
      onRedeemed(redeemed);
    },
  });
}
