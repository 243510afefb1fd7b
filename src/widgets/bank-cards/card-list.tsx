import { useCallback } from 'react';
import { BankCardList } from '../../core/contract/payees';
import { usePlatform } from '../_shared/platform-context';
import { SavedList } from '../_shared/saved-list';
import { useT } from '../_shared/use-t';
import { BANK_CARD_PATHS, maskedAccount } from './bank-cards.logic';

/** The list view: bank name and masked account of each card, edit and add. */
export function CardList({ go }: { go: (to: string) => void }) {
  const t = useT();
  const platform = usePlatform();
  const load = useCallback(async () => {
    const result = await platform.api.call(BankCardList, {});
    return result.ok ? result.data.list : null;
  }, [platform]);

  return (
    <SavedList
      block="tk-cards"
      texts={{
        heading: t('bank_cards.bank_cards'),
        add: t('bank_cards.add_bank_card'),
        loadFailed: t('bank_cards.load_failed'),
        loading: t('bank_cards.loading'),
        empty: t('bank_cards.no_bank_cards'),
      }}
      load={load}
      onAdd={() => go(BANK_CARD_PATHS.add)}
    >
      {(card) => (
        <li key={card.id} className="tk-cards__item" part="item" data-card={card.id}>
          <span className="tk-cards__bank">{card.bankName}</span>
          <span
            className="tk-cards__account tk-num"
            aria-label={t('bank_cards.account_ending', { last4: card.accountLast4 })}
          >
            {maskedAccount(card.accountLast4)}
          </span>
          <button
            type="button"
            className="tk-button"
            aria-label={`${t('bank_cards.edit')} ${card.bankName} ${card.accountLast4}`}
            onClick={() => go(BANK_CARD_PATHS.edit(card.id))}
          >
            {t('bank_cards.edit')}
          </button>
        </li>
      )}
    </SavedList>
  );
}
