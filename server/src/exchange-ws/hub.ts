import type { ExchangeNotificationMessage } from '../../../src/core/contract/notifications';
import type { OptionOrder } from '../../../src/core/contract/options';
import type { ExchangeSupportMessage } from '../../../src/core/contract/support';
import type { SupportPush } from '../support';
import { ExchangeClose } from '../../../src/core/contract/trading';
import type { OrderChange } from '../trading';
import type { ConnectionHub, ExchangeConnection } from './connection';
import type { JournalEntry } from './journal';
import type { OperatorConnection } from './operator-connection';
import type { VisitorConnection } from './visitor-connection';

const accountKey = (userId: string, virtual: boolean) => `${userId}|${virtual ? 1 : 0}`;

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function drop<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set?.delete(value)) return;
  if (set.size === 0) map.delete(key);
}

/**
 * The authenticated exchange sockets, indexed by account (changes), session (revocation) and symbol (price
 * moves), so that each event reaches exactly the sockets it concerns without a scan of all of them.
 */
export class ExchangeHub implements ConnectionHub {
  private readonly byAccount = new Map<string, Set<ExchangeConnection>>();
  private readonly bySession = new Map<string, Set<ExchangeConnection>>();
  private readonly bySymbol = new Map<string, Set<ExchangeConnection>>();
  private readonly byUser = new Map<string, Set<ExchangeConnection>>();
  private readonly symbolsOf = new Map<ExchangeConnection, ReadonlySet<string>>();
  private readonly byVisitor = new Map<string, Set<VisitorConnection>>();
  private readonly byOperator = new Map<string, Set<OperatorConnection>>();

  constructor(private readonly maxSocketsPerUser: number) {}

  /** Authenticated sockets. */
  size(): number {
    return this.symbolsOf.size;
  }

  attach(connection: ExchangeConnection): void {
    add(this.byAccount, accountKey(connection.userId, connection.virtual), connection);
    add(this.bySession, connection.sessionId, connection);
    add(this.byUser, connection.userId, connection);
    this.symbolsOf.set(connection, new Set());
    const sockets = this.byUser.get(connection.userId) ?? new Set();
    // Sets keep insertion order: the first one is the oldest socket of the user.
    if (sockets.size > this.maxSocketsPerUser) {
      const [oldest] = sockets;
      oldest?.end(ExchangeClose.replaced, 'too many sockets for this user');
    }
  }

  detach(connection: ExchangeConnection): void {
    drop(this.byAccount, accountKey(connection.userId, connection.virtual), connection);
    drop(this.bySession, connection.sessionId, connection);
    drop(this.byUser, connection.userId, connection);
    for (const symbol of this.symbolsOf.get(connection) ?? []) drop(this.bySymbol, symbol, connection);
    this.symbolsOf.delete(connection);
  }

  rebind(connection: ExchangeConnection, previousSessionId: string): void {
    drop(this.bySession, previousSessionId, connection);
    add(this.bySession, connection.sessionId, connection);
  }

  reindex(connection: ExchangeConnection, symbols: ReadonlySet<string>): void {
    const before = this.symbolsOf.get(connection);
    if (!before) return;
    for (const symbol of before) if (!symbols.has(symbol)) drop(this.bySymbol, symbol, connection);
    for (const symbol of symbols) if (!before.has(symbol)) add(this.bySymbol, symbol, connection);
    this.symbolsOf.set(connection, new Set(symbols));
  }

  /** An account's orders changed: every socket of that account pushes. */
  changed(change: OrderChange): void {
    const sockets = this.byAccount.get(accountKey(change.userId, change.virtual));
    for (const connection of [...(sockets ?? [])]) connection.change(change.event);
  }

  /**
   * An event of the user's journal: every socket of the user (real and demo) gets it, each in the order of its
   * number; a socket of the other account gets only the number (RP1).
   */
  journaled(userId: string, entry: JournalEntry): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) connection.deliver(entry);
  }

  /**
   * Another process wrote the user's event `seq` and the bus could not carry it whole: the user's sockets here
   * read the journal up to it.
   */
  journaledElsewhere(userId: string, seq: number): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      const last = connection.lastQueued();
      if (last === null || last < seq) connection.catchUp();
    }
  }

  /**
   * The bus came back from a cut: each socket reads what the journal got meanwhile, as a reconnect does, and
   * checks its session (a revocation or sign-out of the gap was missed).
   */
  resumed(): void {
    for (const sockets of [...this.byUser.values()]) {
      for (const connection of [...sockets]) {
        connection.catchUp();
        void connection.checkSession().catch(() => undefined);
      }
    }
    for (const sockets of [...this.byOperator.values()]) {
      for (const connection of [...sockets]) void connection.sessionsChanged();
    }
  }

  /** The user's unread notifications changed: every socket of the user (real and demo) is told. */
  notified(userId: string, message: ExchangeNotificationMessage): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) connection.notify(message);
  }

  /**
   * A support change: the user's sockets (real and demo), or the visitor's ticketed sockets, when the owner has
   * something to learn; and every operator's live inbox, each with its own view of it (SO2).
   */
  supported({ target, message, inbox }: SupportPush): void {
    if (message && 'userId' in target) {
      this.supportedUser(target.userId, message);
    } else if (message && 'visitorId' in target) {
      for (const connection of [...(this.byVisitor.get(target.visitorId) ?? [])]) connection.support(message);
    }
    for (const sockets of [...this.byOperator.values()]) {
      for (const connection of [...sockets]) connection.inbox(inbox);
    }
  }

  /** A support change of the user's conversation, to each of the user's sockets. */
  supportedUser(userId: string, message: ExchangeSupportMessage): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) connection.support(message);
  }

  attachOperator(connection: OperatorConnection): void {
    add(this.byOperator, connection.operator.id, connection);
  }

  detachOperator(connection: OperatorConnection): void {
    drop(this.byOperator, connection.operator.id, connection);
  }

  /** An operator's sessions changed (sign-out, disabled): each of their sockets checks its own session. */
  operatorSessionsChanged(operatorId: string): void {
    for (const connection of [...(this.byOperator.get(operatorId) ?? [])]) void connection.sessionsChanged();
  }

  /** Whether the user has an authenticated socket now (support leaves a notification when not). */
  userOnline(userId: string): boolean {
    return this.byUser.has(userId);
  }

  attachVisitor(connection: VisitorConnection): void {
    add(this.byVisitor, connection.visitorId, connection);
  }

  detachVisitor(connection: VisitorConnection): void {
    drop(this.byVisitor, connection.visitorId, connection);
  }

  /** Options were settled: each account's sockets get its own options (`userId` and `virtual` of each). */
  optionsSettled(settled: ReadonlyArray<{ userId: string; virtual: boolean; order: OptionOrder }>): void {
    const byAccount = new Map<string, { virtual: boolean; list: OptionOrder[] }>();
    for (const { userId, virtual, order } of settled) {
      const key = accountKey(userId, virtual);
      if (!this.byAccount.has(key)) continue;
      const entry = byAccount.get(key);
      if (entry) entry.list.push(order);
      else byAccount.set(key, { virtual, list: [order] });
    }
    for (const [key, { virtual, list }] of byAccount) {
      const message = { ordertype: 'optionSettled' as const, virtual, list };
      for (const connection of [...(this.byAccount.get(key) ?? [])]) connection.optionsSettled(message);
    }
  }

  /** A symbol's quote moved: the sockets of accounts holding it push (conflated). */
  ticked(symbol: string): void {
    const sockets = this.bySymbol.get(symbol);
    if (sockets) for (const connection of [...sockets]) connection.price();
  }

  /** Sessions ended (logout, refresh-token reuse, block): their sockets close with 4402. */
  revoked(sessionIds: readonly string[]): void {
    for (const sessionId of sessionIds) {
      for (const connection of [...(this.bySession.get(sessionId) ?? [])]) {
        connection.end(ExchangeClose.sessionEnded, 'session ended');
      }
    }
  }
}
