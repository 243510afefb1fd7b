/**
 * <tk-alerts>: the trader's price alerts (issue #25). The active ones (edit, remove behind a confirm) and the
 * last fired or removed ones; a form sets a new alert — opened at once, prefilled, when the attributes name a
 * symbol (the quote table's and the order form's "Set alert"). The server evaluates every tick and tells the
 * trader with a notification; the lists load again when one fires.
 */
import { useState } from 'react';
import type { PriceAlert } from '../../core/contract/alerts';
import type { EventCallbacks } from '../_shared/events';
import { SavedError } from '../_shared/saved-list';
import { usePlatform } from '../_shared/platform-context';
import { SignedOut } from '../_shared/signed-out';
import { useAtomValue } from '../_shared/store-react';
import { ToastProvider, useToast } from '../_shared/toast';
import { useNavigate } from '../_shared/use-navigate';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { AlertFormView } from './alert-form';
import { AlertLists } from './alert-list';
import { LOGIN_PATH, formOf, newForm, parseCondition, parseMode, type AlertForm } from './alerts.logic';
import { ALERTS_CSS as css } from './styles';
import { useAlerts } from './use-alerts';

/** Props of <Alerts>: the attributes of <tk-alerts> and its output callback. */
export interface AlertsProps extends EventCallbacks<'tk-navigate'> {
  /** Opens the create form for this symbol. */
  symbol?: string;
  /** The level the create form starts with (the symbol's bid where the trader came from). */
  level?: string;
  /** The condition the create form starts with (default bid_above). */
  condition?: string;
  /** The trade mode the alert is set from (default market). */
  mode?: string;
  theme?: 'light' | 'dark';
}

type Screen = { kind: 'list' } | { kind: 'new'; form: AlertForm } | { kind: 'edit'; alert: PriceAlert };

const ignore = () => undefined;

function AlertsBody(props: AlertsProps) {
  const t = useT();
  const toast = useToast();
  const alerts = useAlerts();
  const config = useAtomValue(usePlatform().atoms.config);
  const go = useNavigate(props.onNavigate, ignore);
  const opening = (): Screen =>
    props.symbol
      ? {
          kind: 'new',
          form: { ...newForm(props.symbol, props.level), condition: parseCondition(props.condition) },
        }
      : { kind: 'list' };
  const [screen, setScreen] = useState<Screen>(opening);
  const [openedFor, setOpenedFor] = useState(`${props.symbol}|${props.level}|${props.condition}`);
  const key = `${props.symbol}|${props.level}|${props.condition}`;
  if (key !== openedFor) {
    setOpenedFor(key);
    setScreen(opening());
  }

  if (!alerts.signedIn) {
    return (
      <SignedOut
        text={t('alerts.login_prompt')}
        t={t}
        buttonClass="tk-button"
        onLogin={() => go(LOGIN_PATH)}
      />
    );
  }
  if (screen.kind !== 'list') {
    const editing = screen.kind === 'edit' ? screen.alert : undefined;
    return (
      <AlertFormView
        key={editing ? `edit:${editing.id}` : `new:${key}`}
        editing={editing}
        initial={editing ? formOf(editing) : screen.kind === 'new' ? screen.form : newForm('', '')}
        onCancel={() => setScreen({ kind: 'list' })}
        onSave={async (form) => {
          const saved = editing
            ? await alerts.update(editing.id, form)
            : await alerts.create(form, parseMode(props.mode));
          if (!saved.ok) return saved.message;
          toast(t(editing ? 'alerts.updated' : 'alerts.created'));
          setScreen({ kind: 'list' });
          return null;
        }}
      />
    );
  }
  return (
    <>
      <header className="tk-saved__head" part="header">
        <h2 className="tk-saved__heading">{t('alerts.title')}</h2>
        <button
          type="button"
          className="tk-button"
          part="add"
          data-testid="alert-new"
          onClick={() => setScreen({ kind: 'new', form: newForm('', '') })}
        >
          {t('alerts.new')}
        </button>
      </header>
      {alerts.failed ? (
        <SavedError
          text={t('alerts.load_failed')}
          action={t('common.retry')}
          onAction={() => void alerts.reload()}
        />
      ) : alerts.lists === null ? (
        <p className="tk-state" aria-busy="true">
          {t('alerts.loading')}
        </p>
      ) : (
        <AlertLists
          active={alerts.lists.active}
          past={alerts.lists.past}
          t={t}
          onEdit={(alert) => setScreen({ kind: 'edit', alert })}
          remove={alerts.remove}
          timezone={config?.brand.timezone}
        />
      )}
    </>
  );
}

/** The price alerts of the signed-in trader: lists, create and edit form, remove with a confirm. */
export function Alerts(props: AlertsProps) {
  return (
    <WidgetRoot name="alerts" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-saved tk-alerts" part="base" data-testid="alerts">
          <AlertsBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
