/**
 * The bank card and crypto wallet pages (spec §2): `/user/wallet/bankCard`, `/addBankCard`, `/editBankCard?id=`,
 * `/user/wallet/crypto`, `/addCrypto`, `/deleteCrypto?…`. Mobile shows each as a full page under a back bar
 * (addCrypto goes back to the crypto list, the crypto list to the wallet, the others one step back); the
 * desktop account dialog shows them in its body. A brand without a page's switch (`user/bankCard`, or
 * `user/cryptoWallet` without `NO_WALLET_WITHDRAW`) does not offer it: its address goes to the wallet home, as
 * My wallet does without its switch.
 */
import { useEffect } from 'react';
import { BankCards } from '../../../widgets/bank-cards';
import type { BankCardsView } from '../../../widgets/bank-cards';
import { CryptoAddresses, deleteTargetOf } from '../../../widgets/crypto-addresses';
import type { CryptoAddressesView } from '../../../widgets/crypto-addresses';
import { isConfigOn } from '../../../core/config/system-config';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useLocationPath } from '../../routing/router';
import { BANK_CARD_PLACEMENT, CRYPTO_WALLET_PLACEMENT, type AccountPlacement } from '../../routing/routes';
import { useHostSession } from '../../session/use-host-session';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import './payees-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** Where a page's back button goes (spec §2), or undefined for one step back. */
export const BACK_TO: Partial<Record<string, string>> = {
  addCrypto: '/user/wallet/crypto',
  crypto: '/user/wallet',
  deleteCrypto: '/user/wallet/crypto',
};

function queryOf(path: string): URLSearchParams {
  const at = path.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
}

/** Whether the brand offers the pages of `placement`; when it does not, the address goes to the wallet home. */
function useOffered(placement: AccountPlacement): boolean {
  const { platform } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const on = (flag: string) => isConfigOn(systemConfig, flag);
  const offered = (placement.requires ?? []).every(on) && !(placement.hiddenBy ?? []).some(on);
  useEffect(() => {
    if (systemConfig && !offered) navigate('/user/wallet', { replace: true });
  }, [systemConfig, offered]);
  return offered;
}

function BankCardsPageOf({ view }: { view: BankCardsView }) {
  const offered = useOffered(BANK_CARD_PLACEMENT);
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const id = queryOf(useLocationPath()).get('id') ?? '';
  if (!offered) return null;
  return (
    <div className="host-payees-page" data-testid={`bank-cards-page-${view}`}>
      {desktop ? null : <PageBar />}
      <BankCards theme={theme} view={view} cardId={view === 'edit' ? id : undefined} onNavigate={goTo} />
    </div>
  );
}

function CryptoPageOf({ view, back }: { view: CryptoAddressesView; back?: string | undefined }) {
  const offered = useOffered(CRYPTO_WALLET_PLACEMENT);
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const target = view === 'delete' ? deleteTargetOf(queryOf(useLocationPath())) : null;
  if (!offered) return null;
  return (
    <div className="host-payees-page" data-testid={`crypto-page-${view}`}>
      {desktop ? null : <PageBar back={back} />}
      <CryptoAddresses theme={theme} view={view} {...(target ?? {})} onNavigate={goTo} />
    </div>
  );
}

/** `/user/wallet/bankCard`. */
export function BankCardsPage() {
  return <BankCardsPageOf view="list" />;
}

/** `/user/wallet/addBankCard`. */
export function AddBankCardPage() {
  return <BankCardsPageOf view="add" />;
}

/** `/user/wallet/editBankCard?id=`. */
export function EditBankCardPage() {
  return <BankCardsPageOf view="edit" />;
}

/** `/user/wallet/crypto`. */
export function CryptoAddressesPage() {
  return <CryptoPageOf view="list" back={BACK_TO.crypto} />;
}

/** `/user/wallet/addCrypto`. */
export function AddCryptoPage() {
  return <CryptoPageOf view="add" back={BACK_TO.addCrypto} />;
}

/** `/user/wallet/deleteCrypto?currencyId&walletId&currencyName&protocol&cryptocurrencyAddress`. */
export function DeleteCryptoPage() {
  return <CryptoPageOf view="delete" back={BACK_TO.deleteCrypto} />;
}
