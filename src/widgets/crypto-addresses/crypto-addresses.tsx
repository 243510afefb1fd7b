import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { loadCodec } from '../../core/codec/load';
import {
  CRYPTO_ADDRESS_PAGE_SIZE,
  CryptoAddressDelete,
  CryptoAddressInsert,
  CryptoAddressList,
} from '../../core/contract/payees';
import { CoinList, type CoinOption } from '../../core/contract/coins';
import { getSession } from '../../core/session/session';
import { copyText } from '../_shared/clipboard';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { DeleteEntry, SavedError, SavedList, useSavedScreen } from '../_shared/saved-list';
import { ToastProvider, useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import {
  ADDRESS_MAX,
  CRYPTO_PATHS,
  addressError,
  coinLabel,
  deletePath,
  deleteTargetOf,
  firstCoin,
} from './crypto-addresses.logic';
import type { CryptoAddressesView, DeleteTarget } from './crypto-addresses.logic';
import { CRYPTO_ADDRESSES_CSS as css } from './styles';

/** Props of <CryptoAddresses>: the attributes of <tk-crypto-addresses> and its output callbacks. */
export interface CryptoAddressesProps extends EventCallbacks<'tk-navigate'> {
  /** The view to show (default the list). */
  view?: CryptoAddressesView;
  /** The entry of the delete view (spec §2 query of `/user/wallet/deleteCrypto`). */
  walletId?: string;
  currencyId?: string;
  currencyName?: string;
  protocol?: string;
  /** The entry's address as the list answers it (encoded with the session key). */
  cryptocurrencyAddress?: string;
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user. */
export const LOGIN_PATH = `/login?to=${CRYPTO_PATHS.list}`;

type Screen = { view: 'list' } | { view: 'add' } | { view: 'delete'; target: DeleteTarget | null };

function screenOfProps(props: CryptoAddressesProps): Screen {
  const view = props.view ?? 'list';
  if (view !== 'delete') return { view };
  return {
    view,
    target: deleteTargetOf(
      new URLSearchParams({
        walletId: props.walletId ?? '',
        currencyId: props.currencyId ?? '',
        currencyName: props.currencyName ?? '',
        protocol: props.protocol ?? '',
        cryptocurrencyAddress: props.cryptocurrencyAddress ?? '',
      }),
    ),
  };
}

/** A path of this widget → its screen (the fallback when no page routes `tk-navigate`). */
function screenOf(to: string): Screen | null {
  const url = new URL(to, 'http://widget.invalid');
  if (url.pathname === CRYPTO_PATHS.list) return { view: 'list' };
  if (url.pathname === CRYPTO_PATHS.add) return { view: 'add' };
  if (url.pathname === CRYPTO_PATHS.delete) return { view: 'delete', target: deleteTargetOf(url.search) };
  return null;
}

/** The session's decoder of the addresses the server answers encoded; null while loading or on failure. */
function useDecoder(): ((encoded: string) => string) | null {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const [decode, setDecode] = useState<((encoded: string) => string) | null>(null);
  useEffect(() => {
    let live = true;
    loadCodec().then(
      (codec) => {
        const key = session.aesKey();
        if (live) setDecode(() => (encoded: string) => codec.decodeField(encoded, key));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session]);
  return decode;
}

/** An address in clear, or a placeholder when it cannot be decoded here. */
function plainOf(decode: ((encoded: string) => string) | null, encoded: string): string | null {
  if (!decode) return null;
  try {
    return decode(encoded);
  } catch {
    return null;
  }
}

function CopyAddress({ address }: { address: string }) {
  const t = useT();
  const toast = useToast();
  return (
    <button
      type="button"
      className="tk-button tk-crypto__copy"
      part="copy"
      aria-label={`${t('crypto_addresses.copy')} ${address}`}
      onClick={async (e) => {
        e.stopPropagation();
        if (await copyText(address)) toast(t('msg.copied'));
      }}
    >
      {t('crypto_addresses.copy')}
    </button>
  );
}

function AddressList({ go }: { go: (to: string) => void }) {
  const t = useT();
  const platform = usePlatform();
  const decode = useDecoder();
  const load = useCallback(async () => {
    const result = await platform.api.call(CryptoAddressList, {
      pageNum: 1,
      pageSize: CRYPTO_ADDRESS_PAGE_SIZE,
    });
    return result.ok ? result.data.list : null;
  }, [platform]);

  return (
    <SavedList
      block="tk-crypto"
      texts={{
        heading: t('crypto_addresses.crypto_wallets'),
        add: t('crypto_addresses.add_crypto'),
        loadFailed: t('crypto_addresses.load_failed'),
        loading: t('crypto_addresses.loading'),
        empty: t('crypto_addresses.no_crypto'),
      }}
      load={load}
      onAdd={() => go(CRYPTO_PATHS.add)}
    >
      {(entry) => {
        const plain = plainOf(decode, entry.cryptocurrencyAddress);
        const label = coinLabel(entry.currencyName, entry.protocol);
        return (
          <li key={entry.walletId} className="tk-crypto__item" part="item" data-wallet={entry.walletId}>
            <button
              type="button"
              className="tk-crypto__open"
              aria-label={`${t('crypto_addresses.delete_crypto')}: ${label} ${plain ?? ''}`.trim()}
              onClick={() => go(deletePath(entry))}
            >
              {entry.logoUrl ? (
                <img className="tk-crypto__logo" src={entry.logoUrl} alt="" width={28} height={28} />
              ) : null}
              <span className="tk-crypto__text">
                <span className="tk-crypto__coin">{label}</span>
                <span className="tk-crypto__address tk-num">{plain ?? '…'}</span>
              </span>
            </button>
            {plain ? <CopyAddress address={plain} /> : null}
          </li>
        );
      }}
    </SavedList>
  );
}

function AddAddress({ go }: { go: (to: string) => void }) {
  const t = useT();
  const toast = useToast();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const base = useId();
  const [coins, setCoins] = useState<CoinOption[] | null>(null);
  const [coinId, setCoinId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The server's refusal (1047 wallet cannot be used, …) in the catalogue text, under the address (issue #26).
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void platform.api.call(CoinList, {}).then((result) => {
      if (!live || !result.ok) return;
      setCoins(result.data.dtoList);
      setCoinId(firstCoin(result.data.dtoList));
    });
    return () => {
      live = false;
    };
  }, [platform]);

  const coin = coins?.find((c) => c.id === coinId) ?? null;
  const submit = async () => {
    const found = addressError(address);
    setError(found);
    setRefusal(null);
    if (found || busy || coinId === null) return;
    setBusy(true);
    try {
      let encoded: string;
      try {
        const codec = await loadCodec();
        encoded = codec.encodeField(address.trim(), session.aesKey());
      } catch {
        // Spec §5: an encoding failure shows the generic message.
        toast(t('error.generic'), 'error');
        return;
      }
      const result = await platform.api.call(CryptoAddressInsert, {
        currencyId: coinId,
        cryptocurrencyAddress: encoded,
      });
      if (!result.ok) return setRefusal(result.message);
      toast(t('msg.add_success'));
      go(CRYPTO_PATHS.list);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="tk-saved__form tk-crypto__form"
      part="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="tk-saved__heading tk-crypto__heading">{t('crypto_addresses.add_crypto')}</h2>
      <div className="tk-saved__field tk-crypto__field">
        <label className="tk-saved__label tk-crypto__label" htmlFor={`${base}-coin`}>
          {t('crypto_addresses.coin_network')}
        </label>
        <select
          id={`${base}-coin`}
          className="tk-saved__input tk-crypto__input"
          data-testid="crypto-coin"
          part="coin"
          disabled={!coins}
          value={coinId ?? ''}
          onChange={(e) => setCoinId(Number(e.target.value))}
        >
          {coins ? null : <option value="">{t('crypto_addresses.choose_coin')}</option>}
          {coins?.map((c) => (
            <option key={c.id} value={c.id}>
              {coinLabel(c.currency, c.protocol)}
            </option>
          ))}
        </select>
        {coin ? (
          <p className="tk-crypto__hint tk-num">
            {t('crypto_addresses.withdraw_range', {
              min: coin.minWithdrawAmount.replace(/\.?0+$/, ''),
              max: coin.maxWithdrawAmount.replace(/\.?0+$/, ''),
              coin: coin.currency,
            })}
          </p>
        ) : null}
      </div>
      <div className="tk-saved__field tk-crypto__field" data-invalid={error || refusal ? true : undefined}>
        <label className="tk-saved__label tk-crypto__label" htmlFor={`${base}-address`}>
          {t('crypto_addresses.address')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${base}-address`}
          className="tk-saved__input tk-crypto__input"
          data-testid="crypto-address"
          autoComplete="off"
          spellCheck={false}
          maxLength={ADDRESS_MAX}
          aria-required="true"
          aria-invalid={error || refusal ? true : undefined}
          aria-describedby={error || refusal ? `${base}-address-error` : undefined}
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            if (error) setError(null);
            if (refusal) setRefusal(null);
          }}
        />
        {error || refusal ? (
          <p
            className="tk-saved__error tk-crypto__error"
            id={`${base}-address-error`}
            role="alert"
            data-testid="crypto-address-error"
          >
            {error ? t(error) : refusal}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="tk-button tk-saved__primary tk-crypto__primary"
        part="submit"
        disabled={busy || coinId === null}
      >
        {t('crypto_addresses.save')}
      </button>
    </form>
  );
}

function DeleteAddress({ target, go }: { target: DeleteTarget | null; go: (to: string) => void }) {
  const t = useT();
  const toast = useToast();
  const platform = usePlatform();
  const decode = useDecoder();
  if (!target) {
    return (
      <SavedError
        text={t('error.generic')}
        action={t('common.back')}
        onAction={() => go(CRYPTO_PATHS.list)}
      />
    );
  }
  const plain = plainOf(decode, target.cryptocurrencyAddress);
  return (
    <div className="tk-saved__form tk-crypto__form" part="detail">
      <h2 className="tk-saved__heading tk-crypto__heading">{t('crypto_addresses.delete_crypto')}</h2>
      <dl className="tk-crypto__facts">
        <div>
          <dt>{t('crypto_addresses.coin_network')}</dt>
          <dd>{coinLabel(target.currencyName, target.protocol)}</dd>
        </div>
        <div>
          <dt>{t('crypto_addresses.address')}</dt>
          <dd className="tk-crypto__address tk-num" data-testid="crypto-delete-address">
            {plain ?? '…'}
          </dd>
        </div>
      </dl>
      {plain ? <CopyAddress address={plain} /> : null}
      <DeleteEntry
        block="tk-crypto"
        title={t('crypto_addresses.delete_crypto_title')}
        texts={{ cancel: t('common.cancel'), delete: t('crypto_addresses.delete') }}
        testId="crypto-delete-confirm"
        remove={async () => (await platform.api.call(CryptoAddressDelete, { walletId: target.walletId })).ok}
        onDeleted={() => {
          toast(t('msg.delete_success'));
          go(CRYPTO_PATHS.list);
        }}
      >
        <p>
          {t('crypto_addresses.delete_crypto_text', {
            coin: target.currencyName,
            network: target.protocol,
          })}
        </p>
      </DeleteEntry>
    </div>
  );
}

function CryptoAddressesBody(props: CryptoAddressesProps) {
  const t = useT();
  const { view, walletId, currencyId, currencyName, protocol, cryptocurrencyAddress } = props;
  const { screen, go, gate } = useSavedScreen<Screen>({
    fromProps: () => screenOfProps(props),
    propsKey: JSON.stringify([view, walletId, currencyId, currencyName, protocol, cryptocurrencyAddress]),
    screenOf,
    onNavigate: props.onNavigate,
    texts: { login: t('crypto_addresses.login_prompt'), notOffered: t('crypto_addresses.not_offered') },
    loginPath: LOGIN_PATH,
  });
  if (gate) return gate;
  if (screen.view === 'add') return <AddAddress go={go} />;
  if (screen.view === 'delete') return <DeleteAddress target={screen.target} go={go} />;
  return <AddressList go={go} />;
}

/**
 * The saved crypto addresses of spec §2: the list with an add button (each entry opens its delete view), the
 * add form (coin/network and the address, encoded with the session key before it is sent) and delete behind
 * a confirm drawer; copy buttons confirm with 'Copied to clipboard'.
 */
export function CryptoAddresses(props: CryptoAddressesProps) {
  return (
    <WidgetRoot name="crypto-addresses" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-saved tk-crypto" part="base">
          <CryptoAddressesBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
