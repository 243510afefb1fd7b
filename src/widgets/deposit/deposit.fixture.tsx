/**
 * Renders <Deposit> on a real platform and session (core/session's scripted-server harness) over a scripted
 * deposit server: the coin list, the user's own wallets, the brand's bank accounts and the submission.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { PrimitiveAtom } from '../../core/state/store';
import type { CoinOption } from '../../core/contract/coins';
import type { DepositBank } from '../../core/contract/deposits';
import type { RuntimeConfig, SystemConfigEntry, SystemConfigResponse } from '../../core/contract/types';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { Deposit } from './deposit';
import type { DepositProps } from './deposit';

export const COINS: CoinOption[] = [
  {
    id: 1,
    currency: 'USDT',
    protocol: 'TRC20',
    address: 'TPlatformAddressTRC20xxxxxxxxxxxxx',
    said: '',
    minWithdrawAmount: '50.00',
    maxWithdrawAmount: '10000000.00',
    logoUrl: '/coins/usdt.svg',
  },
  {
    id: 3,
    currency: 'BTC',
    protocol: 'BTC',
    address: 'bc1qplatformbtcaddress',
    said: 'memo-7',
    minWithdrawAmount: '0.001',
    maxWithdrawAmount: '100.00',
    logoUrl: '/coins/btc.svg',
  },
];

export const BANKS: DepositBank[] = [
  {
    id: 1,
    bankName: 'First Harbor Bank',
    accountName: 'TradeKit Client Funds',
    accountNumber: 'US64 0210',
    swiftCode: 'FHBKUS33',
    bankAddress: '100 Harbor Street',
    currency: 'USD',
    remark: '',
  },
];

/** What the scripted server answers; tests change `submit` to script a failure. */
export interface DepositServer {
  submit: (body: Record<string, unknown>) => Answer;
  fixedUsd: boolean;
}

export type RenderedDeposit = RenderedWidget;

/** Render `<Deposit {...props}>` signed in (unless told otherwise) with the brand settings given. */
export async function renderDeposit(
  props: DepositProps = {},
  options: {
    signedIn?: boolean;
    virtual?: boolean;
    depositTypes?: string[];
    flags?: SystemConfigEntry[];
    walletType?: 0 | 1;
    server?: Partial<DepositServer>;
  } = {},
): Promise<RenderedDeposit> {
  const server: DepositServer = {
    submit: () => ({
      code: 0,
      data: {
        id: '1',
        uid: 'D1',
        method: 'crypto',
        currency: 'USDT',
        amount: '1000.00',
        usdAmount: '1000.00',
        payState: 'waiting',
        submitTimeTs: 1,
      },
    }),
    fixedUsd: false,
    ...options.server,
  };
  const own = COINS.map((c) => ({ ...c, address: `own-${c.id}` }));
  const h = createHarness({
    systemConfigs: options.flags ?? [],
    handlers: {
      'waa/cryptocurrency/simple/find/all': () => ({ code: 0, data: { dtoList: COINS } }),
      'waa/userSelfWallet/find': () => ({ code: 0, data: { dtoList: own } }),
      'waa/deposit/bank/find/all': () => ({ code: 0, data: { dtoList: BANKS, fixedUsd: server.fixedUsd } }),
      'waa/user/deposit': (body) => server.submit(body),
    },
  });
  await h.platform.ready;
  const store = h.platform.store;
  await waitFor(() => expect(store.get(h.platform.atoms.systemConfig)).not.toBeNull());
  const config = store.get(h.platform.atoms.config) as RuntimeConfig;
  store.set(h.platform.atoms.config as PrimitiveAtom<RuntimeConfig | null>, {
    ...config,
    brand: { ...config.brand, depositTypes: options.depositTypes ?? ['crypto', 'bank'] },
  });
  const system = store.get(h.platform.atoms.systemConfig) as SystemConfigResponse;
  store.set(h.platform.atoms.systemConfig as PrimitiveAtom<SystemConfigResponse | null>, {
    ...system,
    walletType: options.walletType ?? 0,
  });
  return renderWidget(h, <Deposit {...props} />, {
    signedIn: options.signedIn,
    virtual: options.virtual,
    cleanup: () => window.sessionStorage.clear(),
  });
}

/** A small PNG the proof field accepts. */
export const PNG = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'proof.png', { type: 'image/png' });

/** The amount field of step 2. */
export const amount = () => screen.getByLabelText(/^Amount/) as HTMLInputElement;

/** The bodies of the deposits `view` submitted, oldest first. */
export const depositsSent = (view: RenderedDeposit | undefined) =>
  view?.h.callsTo('waa/user/deposit').map((c) => c.body) ?? [];

/** Go on from the address (step 1) to the amount and proof (step 2). */
export async function toStep2() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy());
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

/** Choose `file` in the proof field. */
export async function chooseProof(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('deposit-proof'), { target: { files: [file] } });
  });
}

/** Choose the PNG as the proof and wait until the field names it. */
export async function pickProof() {
  await chooseProof(PNG());
  await waitFor(() => expect(screen.getByTestId('deposit-proof-name').textContent).toBe('proof.png'));
}

/** Press Submit. */
export async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
}
