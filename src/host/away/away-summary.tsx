/**
 * "While you were away" (issue #25, WA6–WA8): on a trader's return — app start or sign-in with a last visit at
 * least ten minutes old, or the tab shown again after ten minutes hidden — one call of `waa/user/away` from the
 * recorded last visit and, when anything happened, one dialog of the counts and the latest items with links to
 * where each lives. Nothing when nothing happened; a failed call shows nothing either (the news is elsewhere).
 */
import { useEffect, useState } from 'react';
import { AwayRead, type AwaySummary } from '../../core/contract/away';
import { formatAmount, formatPrice, formatZonedTime, SHORT_DATE_TIME_FORMAT } from '../../core/domain/format';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useT, type Translate } from '../../widgets/_shared/use-t';
import { Link } from '../routing/link';
import { pathOf } from '../routing/routes';
import { useHostSession } from '../session/use-host-session';
import { Dialog } from '../ui/dialog';
import { trackVisits } from './last-visit';
import './away-summary.css';

/** Whether the summary has anything to say. */
export function happened(summary: AwaySummary): boolean {
  const { fills, closes, settlements, alerts, tickets } = summary;
  return fills.count + closes.count + settlements.count + alerts.count + tickets.count > 0;
}

const signed = (value: string) => (value.startsWith('-') ? formatAmount(value) : `+${formatAmount(value)}`);

/** The summary's sections: a count, its latest items as lines, and the page that lists them all. */
function sections(summary: AwaySummary, t: Translate, timezone: string) {
  // In the brand's zone with its offset, as every other time of the site (DG5).
  const at = (ms: number) => formatZonedTime(ms, timezone, SHORT_DATE_TIME_FORMAT);
  return [
    {
      id: 'fills',
      count: summary.fills.count,
      route: 'position',
      lines: summary.fills.latest.map((f) => ({
        key: f.orderId,
        text: t(f.orderType === 0 ? 'away.fill_buy' : 'away.fill_sell', {
          symbol: f.symbol,
          volume: f.quantity,
          price: f.price,
        }),
        at: f.atTs,
      })),
    },
    {
      id: 'closes',
      count: summary.closes.count,
      route: 'history',
      total: signed(summary.closesProfitLoss),
      lines: summary.closes.latest.map((c) => ({
        key: c.orderId,
        text: t(`away.close_${c.reason}`, { symbol: c.symbol, amount: signed(c.profitLoss) }),
        at: c.atTs,
      })),
    },
    {
      id: 'settlements',
      count: summary.settlements.count,
      route: 'history',
      lines: summary.settlements.latest.map((s) => ({
        key: s.orderId,
        text: t(`away.option_${s.result}`, { symbol: s.symbol, amount: signed(s.winLost) }),
        at: s.atTs,
      })),
    },
    {
      id: 'alerts',
      count: summary.alerts.count,
      route: 'alerts',
      lines: summary.alerts.latest.map((a) => ({
        key: a.id,
        text: t('away.alert_fired', {
          symbol: a.symbol,
          price: formatPrice(a.firedPrice, decimalsOf(a.firedPrice)),
        }),
        at: a.atTs,
      })),
    },
    {
      id: 'tickets',
      count: summary.tickets.count,
      route: 'notification',
      lines: summary.tickets.latest.map((c) => ({
        key: c.ticketId,
        text: t(`away.${c.kind}_${c.state}`, {
          amount: formatAmount(c.amount, { decimals: 8 }),
          currency: c.currency,
        }),
        at: c.atTs,
      })),
    },
  ]
    .filter((section) => section.count > 0)
    .map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, when: at(line.at) })) }));
}

/** The decimals a price was written with (the server writes it at the product's precision). */
const decimalsOf = (price: string) => price.split('.')[1]?.length ?? 0;

/** The dialog of one summary. */
export function AwayDialog({ summary, onClose }: { summary: AwaySummary; onClose: () => void }) {
  const t = useT();
  const platform = usePlatform();
  const timezone = useAtomValue(platform.atoms.config)?.brand.timezone ?? 'UTC';
  return (
    <Dialog
      title={t('away.title')}
      onClose={onClose}
      testId="away-summary"
      actions={
        <button type="button" className="host-btn host-btn--primary" data-autofocus onClick={onClose}>
          {t('away.dismiss')}
        </button>
      }
    >
      <p className="host-dialog__message">
        {t(summary.clamped ? 'away.since_clamped' : 'away.since', {
          time: formatZonedTime(summary.sinceTs, timezone, SHORT_DATE_TIME_FORMAT),
        })}
      </p>
      {sections(summary, t, timezone).map((section) => (
        <section key={section.id} className="host-away__section" data-testid={`away-${section.id}`}>
          <h3 className="host-away__heading">
            <span>{t(`away.${section.id}`)}</span>
            <span className="host-away__count tk-num">{section.count}</span>
          </h3>
          {section.total !== undefined ? (
            <p className="host-away__total">{t('away.closes_total', { amount: section.total })}</p>
          ) : null}
          <ul className="host-away__list">
            {section.lines.map((line) => (
              <li key={line.key}>
                <span>{line.text}</span>
                <time className="host-away__time tk-num" dateTime={new Date(line.at).toISOString()}>
                  {line.when}
                </time>
              </li>
            ))}
          </ul>
          <Link className="host-away__link" to={pathOf(section.route)} onClick={onClose}>
            {t(`away.open_${section.route}`)}
          </Link>
        </section>
      ))}
    </Dialog>
  );
}

/** Mounted once by the host app: tracks the signed-in trader's visits and shows the summary on a return. */
export function AwaySummaryHost() {
  const { platform, state } = useHostSession();
  const uid = state.status === 'signedIn' ? state.uid : null;
  const [summary, setSummary] = useState<AwaySummary | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let current = true;
    const stop = trackVisits({
      uid,
      now: () => Date.now(),
      onReturn: (since) => {
        void platform.api.call(AwayRead, { since }, { silent: true }).then((answer) => {
          // An answer after a sign-out or a switch of trader belongs to nobody on screen now.
          if (current && answer.ok && happened(answer.data)) setSummary(answer.data);
        });
      },
    });
    return () => {
      current = false;
      stop();
      setSummary(null);
    };
  }, [platform, uid]);

  return summary ? <AwayDialog summary={summary} onClose={() => setSummary(null)} /> : null;
}
