import type WebSocket from 'ws';
import type { AdminSupportLiveEvent, AdminSupportLiveReady } from '../../../src/core/contract/support';
import { ExchangeClose } from '../../../src/core/contract/trading';
import { atClockTime, type Clock } from '../clock';
import type { SupportInboxPush } from '../support';
import type { ExchangeWsSettings } from './connection';
import { SocketLife } from './socket-life';

/** The operator behind a live inbox socket, as the upgrade admitted it. */
export interface LiveOperator {
  id: string;
  /** The session's cookie value (kept in memory only, to check the session again). */
  token: string;
  expiresAt: number;
}

/** What an operator's socket needs: the session check, the server clock and the hub's operator index. */
export interface OperatorConnectionDeps {
  /** Whether the session still admits the inbox (live, operator active, `support` role). */
  stillAdmitted(token: string): Promise<boolean>;
  /** The server's clock: the session's expiry is read on it (tests move it). */
  clock: Clock;
  hub: {
    attachOperator(connection: OperatorConnection): void;
    detachOperator(connection: OperatorConnection): void;
  };
  settings: Pick<ExchangeWsSettings, 'recheckMs' | 'maxBufferedBytes'>;
  log: { debug(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

/** Close code of a socket that fell too far behind: the client reconnects and re-fetches (SO3). */
const TRY_AGAIN_LATER = 1013;

/**
 * An operator's live inbox (`/admin/v1/support/live`, SO1–SO3): admitted by its session cookie at the upgrade,
 * it says `supportInboxReady`, then carries one `supportInbox` per support change. It ends with 4402 when the
 * session ends: at its expiry (on the server clock), at sign-out or when the operator is disabled (the back
 * office tells the hub), and at the periodic re-check; a socket that cannot keep up is closed so that its client
 * reconnects and re-fetches rather than missing an event.
 */
export class OperatorConnection extends SocketLife {
  readonly actor: string;
  private readonly recheck: NodeJS.Timeout;
  private readonly cancelExpiry: () => void;

  constructor(
    ws: WebSocket,
    readonly operator: LiveOperator,
    private readonly deps: OperatorConnectionDeps,
  ) {
    super(ws, deps.log, 'operator');
    this.actor = `operator:${operator.id}`;
    // The client speaks only by reconnecting: anything it sends is ignored.
    ws.on('message', () => undefined);
    this.recheck = setInterval(() => void this.heartbeat(), deps.settings.recheckMs);
    this.recheck.unref();
    deps.hub.attachOperator(this);
    this.cancelExpiry = atClockTime(deps.clock, operator.expiresAt, () =>
      this.end(ExchangeClose.sessionEnded, 'session expired'),
    );
    const ready: AdminSupportLiveReady = { ordertype: 'supportInboxReady' };
    this.sendJson(ready);
  }

  /** A support change: this operator's view of it (the message only when one of their boxes holds it). */
  inbox(push: SupportInboxPush): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) {
      return this.end(TRY_AGAIN_LATER, 'too far behind');
    }
    const mine = push.assignedActor === this.actor;
    const event: AdminSupportLiveEvent = {
      ordertype: 'supportInbox',
      kind: push.kind,
      conversation: { ...push.item, mine },
    };
    if (push.message && (push.assignedActor === null || mine)) event.message = push.message;
    if (push.upToId !== undefined) event.upToId = push.upToId;
    if (push.reader !== undefined) event.reader = push.reader;
    this.sendJson(event);
  }

  /** The operator's sessions changed (a sign-out, the operator disabled): ends this socket if its own ended. */
  async sessionsChanged(): Promise<void> {
    if (this.closed) return;
    let admitted: boolean;
    try {
      admitted = await this.deps.stillAdmitted(this.operator.token);
    } catch (error) {
      this.deps.log.error({ err: error }, 'operator session re-check failed');
      return;
    }
    if (!admitted) this.end(ExchangeClose.sessionEnded, 'session ended');
  }

  protected release(): void {
    clearInterval(this.recheck);
    this.cancelExpiry?.();
    this.deps.hub.detachOperator(this);
  }

  private async heartbeat(): Promise<void> {
    if (this.ping()) await this.sessionsChanged();
  }
}
