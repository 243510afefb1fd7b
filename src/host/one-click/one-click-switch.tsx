/**
 * The "One-click trading" switch (issue #25, OT11): small, in the page flow, `role="switch"`. Turning it on
 * first says what it means and asks for the volume (the product's lot limits and the order form's volume
 * rules); turning it off takes effect at once. Enter and Space only toggle it: a key on it never places an
 * order (issue #3's rule) — orders come from the chart's Buy and Sell alone.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ProductOrderInfo } from '../../core/contract/trading';
import { checkVolume, volumeDecimals } from '../../core/domain/market-order-volume';
import { fixed } from '../../core/domain/market-order-input';
import type { RuleMessage } from '../../core/domain/market-order-input';
import { createTradingApi } from '../../core/trading/trading-api';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useT } from '../../widgets/_shared/use-t';
import { Dialog } from '../ui/dialog';
import type { OneClick } from './use-one-click';
import './one-click.css';

export interface OneClickSwitchProps {
  oneClick: OneClick;
  /** The chart's product: its lot limits bound the volume. */
  symbol: string;
}

/** The switch with its state, and the confirm dialog while turning it on. */
export function OneClickSwitch({ oneClick, symbol }: OneClickSwitchProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const { available, setting, placing } = oneClick;
  if (!available) return null;
  const toggle = () => (setting.on ? oneClick.turnOff() : setAsking(true));
  const state = placing
    ? t('one_click.placing')
    : setting.on
      ? t('one_click.state_on', { volume: setting.volume })
      : t('one_click.state_off');
  return (
    <div className="host-one-click" data-on={setting.on || undefined} data-testid="one-click">
      <button
        type="button"
        role="switch"
        aria-checked={setting.on || asking}
        aria-busy={placing || undefined}
        className="host-one-click__switch"
        data-testid="one-click-switch"
        onClick={toggle}
      >
        <span className="host-one-click__track" aria-hidden="true" />
        <span className="host-one-click__label">{t('one_click.label')}</span>
        <span className="host-one-click__state" data-testid="one-click-state">
          {state}
        </span>
      </button>
      {asking ? (
        <OneClickDialog
          symbol={symbol}
          onCancel={() => setAsking(false)}
          onConfirm={(volume) => {
            setAsking(false);
            oneClick.turnOn(volume);
          }}
        />
      ) : null}
    </div>
  );
}

interface DialogProps {
  symbol: string;
  onCancel(): void;
  onConfirm(volume: string): void;
}

/** What one-click means, the volume to trade and Confirm / Cancel. */
function OneClickDialog({ symbol, onCancel, onConfirm }: DialogProps) {
  const t = useT();
  const platform = usePlatform();
  const trading = useMemo(() => createTradingApi(platform), [platform]);
  const fieldId = useId();
  const hintId = useId();
  const [product, setProduct] = useState<ProductOrderInfo | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [volume, setVolume] = useState('');
  const [message, setMessage] = useState<RuleMessage | null>(null);

  useEffect(() => {
    let live = true;
    void trading.productInfo(symbol, { silent: true }).then((result) => {
      if (!live) return;
      if (!result.ok) return setFailure(result.message);
      setProduct(result.data);
      // The smallest order the product takes: the least a first one-click order can risk.
      setVolume(fixed(result.data.minCount, volumeDecimals(result.data)));
    });
    return () => {
      live = false;
    };
  }, [trading, symbol]);

  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (!product) return;
    const checked = checkVolume(volume, product);
    setVolume(checked.value);
    setMessage(checked.message);
    // A clamped or emptied volume is shown back first: the trader confirms the volume they see.
    if (!checked.message) onConfirm(checked.value);
  };

  return (
    <Dialog
      title={t('one_click.dialog_title')}
      onClose={onCancel}
      testId="one-click-dialog"
      actions={
        <>
          <button type="button" className="host-btn" data-autofocus onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form={fieldId + '-form'}
            className="host-btn host-btn--primary"
            data-testid="one-click-confirm"
            disabled={!product}
          >
            {t('one_click.confirm')}
          </button>
        </>
      }
    >
      <p className="host-dialog__message">{t('one_click.explain')}</p>
      <form id={fieldId + '-form'} className="host-one-click__form" onSubmit={confirm} noValidate>
        <label htmlFor={fieldId}>{t('order.volume')}</label>
        <input
          id={fieldId}
          className="host-one-click__volume tk-num"
          inputMode="decimal"
          autoComplete="off"
          value={volume}
          disabled={!product}
          aria-describedby={hintId}
          aria-invalid={message ? true : undefined}
          data-testid="one-click-volume"
          onChange={(e) => {
            setVolume(e.target.value);
            setMessage(null);
          }}
        />
        <p id={hintId} className="host-one-click__hint" role={message || failure ? 'alert' : undefined}>
          {failure ??
            (message
              ? t(message.key, message.vars)
              : product
                ? t('order.volume_hint', {
                    min: fixed(product.minCount, volumeDecimals(product)),
                    max: fixed(product.maxCount, volumeDecimals(product)),
                  })
                : t('one_click.loading'))}
        </p>
      </form>
    </Dialog>
  );
}
