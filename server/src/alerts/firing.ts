/**
 * The firing of an alert a tick crossed (AL5): one transaction marks it fired where it is still active at the
 * version the book armed, and writes its notification; the push follows the commit. A failure puts the alert
 * back in the book as it is stored.
 */
import type { FastifyInstance } from 'fastify';
import { AlarmType, CODE_TEXT_ACTION } from '../../../src/core/contract/notifications';
import type { Instrument, Tick } from '../market';
import type { Notified } from '../notifications';
import type { FiredAlert } from './book';
import { firedPriceOf } from './levels';
import { ALERT_COLUMNS, toPriceAlert, type AlertRow } from './repo';

/** Marks the alert fired and writes its notification in one transaction; null when it no longer may fire. */
async function markFired(
  app: FastifyInstance,
  { alert }: FiredAlert,
  firedPrice: string,
): Promise<Notified | null> {
  return app.db.transaction(async (tx) => {
    const { rows } = await tx.query<AlertRow>(
      `update price_alerts set state = 'fired', fired_ms = $3, fired_price = $4, updated_ms = $3
        where id = $1 and version = $2 and state = 'active'
      returning ${ALERT_COLUMNS}`,
      [alert.id, alert.version, app.clock.now(), firedPrice],
    );
    const row = rows[0];
    if (!row) return null;
    const content = JSON.stringify({
      id: row.id,
      symbol: row.symbol,
      mode: row.mode,
      condition: row.condition,
      level: row.level,
      percent: toPriceAlert(row).percent,
      firedPrice: row.firedPrice,
      note: row.note,
    });
    return app.notifications.notify(tx, {
      userId: row.userId,
      alarmType: AlarmType.priceAlert,
      actionType: CODE_TEXT_ACTION,
      content,
      // The push carries no content: the symbol rides as the unit of the price so the toast can name it.
      paymentPrice: firedPrice,
      paymentUnit: row.symbol,
    });
  });
}

/** Fires one alert the book gave up, exactly once; `rearm` puts a still-active alert back after a failure. */
export async function fireAlert(
  app: FastifyInstance,
  fired: FiredAlert,
  tick: Tick,
  instrument: Instrument,
  rearm: (row: AlertRow) => void,
): Promise<void> {
  const firedPrice = firedPriceOf(fired.entry, tick.bid, tick.ask, instrument.pricePrecision);
  let notified: Notified | null;
  try {
    notified = await markFired(app, fired, firedPrice);
  } catch (error) {
    app.log.error({ err: error, alertId: fired.alert.id }, 'price alert firing failed');
    const { rows } = await app.db.query<AlertRow>(
      `select ${ALERT_COLUMNS} from price_alerts where id = $1 and state = 'active'`,
      [fired.alert.id],
    );
    if (rows[0]) rearm(rows[0]);
    return;
  }
  if (notified) await notified.publish();
}
