import { useMemo } from 'react';
import accountStripCss from './account-strip.css?inline';
import { getSession } from '../../core/session/session';
import type { FundAction } from './events';
import { usePartCss } from './widget-host';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import { useT } from './use-t';
import type { Translate } from './use-t';

/** Props of AccountStrip. */
export interface AccountStripProps {
  virtual: boolean;
  /** Square edge to edge, for a widget whose content runs to its borders (positions). */
  flush?: boolean;
  t: Translate;
}

/**
 * Which account an order goes to, across the full width of a trading widget: a coloured "Demo account ·
 * virtual funds" strip, or a quiet "Real account" one. It stands on its own line so it never shortens the
 * product name (issue #11 item 8).
 */
export function AccountStrip({ virtual, flush, t }: AccountStripProps) {
  usePartCss('account-strip', accountStripCss);
  return (
    <p
      className="tk-account-strip"
      data-account={virtual ? 'demo' : 'real'}
      data-flush={flush || undefined}
      part={virtual ? 'account demo' : 'account'}
      data-testid="account-strip"
    >
      <span className="tk-account-strip__name">
        {t(virtual ? 'account_strip.demo' : 'account_strip.real')}
      </span>
      <span className="tk-account-strip__hint">
        {t(virtual ? 'account_strip.demo_hint' : 'account_strip.real_hint')}
      </span>
    </p>
  );
}

/** The strip of the signed-in account of the page's session; nothing for a visitor. */
export function SessionAccountStrip({ flush }: { flush?: boolean }) {
  const t = useT();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  return state.status === 'signedIn' ? <AccountStrip virtual={state.virtual} flush={flush} t={t} /> : null;
}

/** Props of FundNotice. */
export interface FundNoticeProps {
  /** The actions the page offers (`fund-actions`); none leaves only the explanation. */
  actions: readonly FundAction[];
  t: Translate;
  onAction(action: FundAction): void;
}

/**
 * The notice in a form whose real balance cannot cover the order, with the page's ways forward (spec §8
 * 'Balance is not enough' alone left a new real account at 0.00 with nothing to do, issue #11 item 7).
 */
export function FundNotice({ actions, t, onAction }: FundNoticeProps) {
  usePartCss('account-strip', accountStripCss);
  return (
    <div className="tk-fund-notice" role="status" part="fund-notice" data-testid="fund-notice">
      <p className="tk-fund-notice__text">
        <strong>{t('msg.balance_not_enough')}</strong> {t('fund_notice.text')}
      </p>
      {actions.length > 0 ? (
        <div className="tk-fund-notice__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className="tk-button tk-fund-notice__action"
              part={`fund-${action}`}
              data-testid={`fund-${action}`}
              onClick={() => onAction(action)}
            >
              {t(`fund_notice.${action}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
