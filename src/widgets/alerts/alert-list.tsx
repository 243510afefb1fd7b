/** The lists of <tk-alerts>: the active alerts (edit, remove behind a confirm) and the past ones. */
import type { PriceAlert } from '../../core/contract/alerts';
import { formatTime } from '../../core/domain/format';
import { DeleteEntry } from '../_shared/saved-list';
import { useToast } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import { summaryOf } from './alerts.logic';

const summary = (alert: PriceAlert, t: Translate) => {
  const { key, values } = summaryOf(alert);
  return t(key, values);
};

/** One active alert: its symbol, what it waits for, its note, and its edit and remove buttons. */
function ActiveItem(props: {
  alert: PriceAlert;
  t: Translate;
  onEdit: (alert: PriceAlert) => void;
  remove: (id: string) => Promise<{ ok: boolean; message?: string }>;
}) {
  const { alert, t } = props;
  const toast = useToast();
  const text = summary(alert, t);
  return (
    <li className="tk-alerts__item" part="item" data-alert={alert.id} data-state="active">
      <div className="tk-alerts__what">
        <span className="tk-alerts__symbol">{alert.symbol}</span>
        <span className="tk-alerts__summary tk-num">{text}</span>
        {alert.note ? <span className="tk-alerts__note">{alert.note}</span> : null}
      </div>
      <div className="tk-alerts__buttons">
        <button
          type="button"
          className="tk-button"
          aria-label={`${t('alerts.edit')} ${alert.symbol} ${text}`}
          onClick={() => props.onEdit(alert)}
        >
          {t('alerts.edit')}
        </button>
        <DeleteEntry
          block="tk-alerts"
          title={t('alerts.remove_title')}
          texts={{ cancel: t('common.cancel'), delete: t('alerts.remove') }}
          testId="alert-remove-confirm"
          remove={async () => {
            const done = await props.remove(alert.id);
            if (!done.ok && done.message) toast(done.message, 'error');
            return done.ok;
          }}
          onDeleted={() => toast(t('alerts.removed'))}
        >
          <p>{t('alerts.remove_message', { symbol: alert.symbol, condition: text })}</p>
        </DeleteEntry>
      </div>
    </li>
  );
}

/** One past alert: fired (at what price and when) or removed. */
function PastItem({ alert, t, timezone }: { alert: PriceAlert; t: Translate; timezone?: string }) {
  return (
    <li className="tk-alerts__item" part="item" data-alert={alert.id} data-state={alert.state}>
      <div className="tk-alerts__what">
        <span className="tk-alerts__symbol">{alert.symbol}</span>
        <span className="tk-alerts__summary tk-num">{summary(alert, t)}</span>
        {alert.note ? <span className="tk-alerts__note">{alert.note}</span> : null}
      </div>
      <span className="tk-alerts__state tk-num" data-state={alert.state}>
        {alert.state === 'fired'
          ? t('alerts.state.fired', {
              price: alert.firedPrice ?? '',
              time: formatTime(alert.firedAtTs, undefined, timezone),
            })
          : t('alerts.state.removed')}
      </span>
    </li>
  );
}

/** Props of AlertLists. */
export interface AlertListsProps {
  active: PriceAlert[];
  past: PriceAlert[];
  t: Translate;
  onEdit: (alert: PriceAlert) => void;
  remove: (id: string) => Promise<{ ok: boolean; message?: string }>;
  /** The brand's time zone, like every other time the platform shows. */
  timezone?: string;
}

/** The two lists with their headings and empty states. */
export function AlertLists({ active, past, t, onEdit, remove, timezone }: AlertListsProps) {
  return (
    <>
      <section className="tk-alerts__section" aria-label={t('alerts.active')}>
        <h3 className="tk-alerts__subheading">{t('alerts.active')}</h3>
        {active.length === 0 ? (
          <p className="tk-state" part="empty">
            {t('alerts.empty_active')}
          </p>
        ) : (
          <ul className="tk-saved__list" part="list" data-testid="alerts-active">
            {active.map((alert) => (
              <ActiveItem key={alert.id} alert={alert} t={t} onEdit={onEdit} remove={remove} />
            ))}
          </ul>
        )}
      </section>
      <section className="tk-alerts__section" aria-label={t('alerts.past')}>
        <h3 className="tk-alerts__subheading">{t('alerts.past')}</h3>
        {past.length === 0 ? (
          <p className="tk-state">{t('alerts.empty_past')}</p>
        ) : (
          <ul className="tk-saved__list" part="list" data-testid="alerts-past">
            {past.map((alert) => (
              <PastItem key={alert.id} alert={alert} t={t} timezone={timezone} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
