import type { EventCallbacks } from '../_shared/events';
import { useSavedScreen } from '../_shared/saved-list';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { BANK_CARD_PATHS, screenOf } from './bank-cards.logic';
import type { BankCardsView, Screen } from './bank-cards.logic';
import { CardEditor } from './card-editor';
import { CardList } from './card-list';
import { BANK_CARDS_CSS as css } from './styles';

/** Props of <BankCards>: the attributes of <tk-bank-cards> and its output callbacks. */
export interface BankCardsProps extends EventCallbacks<'tk-navigate'> {
  /** The view to show (default the list). */
  view?: BankCardsView;
  /** The card of the edit view. */
  cardId?: string;
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user. */
export const LOGIN_PATH = `/login?to=${BANK_CARD_PATHS.list}`;

function BankCardsBody(props: BankCardsProps) {
  const t = useT();
  const { view = 'list', cardId } = props;
  const { screen, go, gate } = useSavedScreen<Screen>({
    fromProps: () => ({ view, cardId }),
    propsKey: JSON.stringify([view, cardId]),
    screenOf,
    onNavigate: props.onNavigate,
    texts: { login: t('bank_cards.login_prompt'), notOffered: t('bank_cards.not_offered') },
    loginPath: LOGIN_PATH,
  });
  if (gate) return gate;
  if (screen.view === 'list') return <CardList go={go} />;
  return (
    <CardEditor
      key={`${screen.view}:${screen.cardId ?? ''}`}
      cardId={screen.view === 'edit' ? (screen.cardId ?? '') : undefined}
      go={go}
    />
  );
}

/**
 * The bank cards of spec §2: the list (bank name and the account's last 4 digits), the add and edit forms
 * with the §5 required fields, and delete behind a confirm drawer. Personal fields are encoded with the
 * session key before they leave the page.
 */
export function BankCards(props: BankCardsProps) {
  return (
    <WidgetRoot name="bank-cards" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-saved tk-cards" part="base">
          <BankCardsBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
