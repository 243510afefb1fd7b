/**
 * A review queue as data (issue #18): which contract endpoint lists it, how an item reads, what its detail
 * and side panel show, and the decisions an operator may take on it. Each queue is one file under
 * `queues/` that exports `queue = defineQueue(…)`; the app finds them all (queues.ts) and builds its tabs,
 * pages and role filter from them, so a new queue edits no existing back-office file.
 */
import type { ComponentType } from 'react';
import type { DataOf, Endpoint, InputOf, OperatorRole } from '../core/contract/endpoint';
import type { LocaleFiles, Strings, StringsLoaders } from '../core/i18n/i18n';
import type { Translate } from './context';
import type { Call, Outcome } from './transport';

/** What every queue item has: the shell lists, titles, dates and opens the side panel by these. */
export interface QueueItem {
  /** The id the queue's decision endpoints take. */
  id: string;
  /** The item's own number, as the user's records show it ("Ticket D1795589851040"). */
  ticketNo: string;
  /** The user's public uid (the side panel's key). */
  userUid: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A fact of the detail view: its label (an i18n key) and its text; `num` sets it as a figure. */
export interface Fact {
  label: string;
  text: string;
  num?: boolean;
}

/** One line of the list: the headline (a figure, e.g. the amount) and a note shown before the date. */
export interface Row {
  title: string;
  note: string;
}

/** A decision as the shell runs it (built with {@link decision}, which keeps its endpoint's types). */
export interface Decision<Item extends QueueItem> {
  /** `approve`, `reject`, …: the button's test id is `bo-<id>`. */
  id: string;
  /** Operators with one of these roles see and may take it (the endpoint's roles unless narrowed). */
  roles: readonly OperatorRole[];
  /** The button and the confirm dialog: i18n keys; `{{id}}` is the ticket number in title and done. */
  label: string;
  title: string;
  done: string;
  /** What the dialog says will happen. */
  text: (item: Item, t: Translate) => string;
  /** A red button and Confirm: the decision takes something away. */
  danger: boolean;
  /** The hint (an i18n key) under a required reason field; absent: the decision takes no reason. */
  reasonHint?: string;
  /** Whether the item is in a state the decision applies to (absent: always); its button shows only then. */
  appliesTo?: (item: Item) => boolean;
  send: (call: Call, item: Item, reason: string) => Promise<Outcome<unknown>>;
}

/** A decision spec typed by its endpoint: `input` builds exactly what the endpoint takes. */
export interface DecisionSpec<E extends Endpoint, Item extends QueueItem> extends Omit<
  Decision<Item>,
  'roles' | 'send'
> {
  endpoint: E;
  input: (item: Item, reason: string) => InputOf<E>;
  /** Narrows who may take it; it can never widen what the endpoint allows (queues.test.ts). */
  roles?: readonly OperatorRole[];
}

/** A decision of a queue, its roles those of its endpoint unless narrowed. */
export function decision<E extends Endpoint, Item extends QueueItem>(
  spec: DecisionSpec<E, Item>,
): Decision<Item> & { endpoint: Endpoint } {
  const { endpoint, input, roles, ...rest } = spec;
  return {
    ...rest,
    endpoint,
    roles: roles ?? endpoint.roles ?? [],
    send: (call, item, reason) => call(endpoint, input(item, reason)),
  };
}

/** The usual pair of a review queue: reject with a required reason (red), then approve. */
export function rejectOrApprove<R extends Endpoint, A extends Endpoint, Item extends QueueItem>(spec: {
  reject: R;
  rejectInput: (item: Item, reason: string) => InputOf<R>;
  rejectText: Decision<Item>['text'];
  approve: A;
  approveInput: (item: Item) => InputOf<A>;
  approveText: Decision<Item>['text'];
}): (Decision<Item> & { endpoint: Endpoint })[] {
  return [
    decision<R, Item>({
      id: 'reject',
      endpoint: spec.reject,
      input: spec.rejectInput,
      label: 'backoffice.queue.reject',
      title: 'backoffice.queue.reject_title',
      done: 'backoffice.queue.rejected',
      text: spec.rejectText,
      danger: true,
      reasonHint: 'backoffice.queue.reason_hint',
    }),
    decision<A, Item>({
      id: 'approve',
      endpoint: spec.approve,
      input: (item) => spec.approveInput(item),
      label: 'backoffice.queue.approve',
      title: 'backoffice.queue.approve_title',
      done: 'backoffice.queue.approved',
      text: spec.approveText,
      danger: false,
    }),
  ];
}

/** A read of the queue's contract: the endpoint, its input, and the items of its answer. */
export interface Read<Args, Result> {
  endpoint: Endpoint;
  load: (call: Call, args: Args) => Promise<Outcome<Result>>;
}

/** A typed read: `input` and `read` take and answer what the endpoint declares. */
export function read<E extends Endpoint, Args, Result>(
  endpoint: E,
  input: (args: Args) => InputOf<E>,
  answer: (data: DataOf<E>, args: Args) => Result,
): Read<Args, Result> {
  return {
    endpoint,
    load: async (call, args) => {
      const outcome = await call(endpoint, input(args));
      return outcome.ok ? { ok: true, data: answer(outcome.data, args) } : outcome;
    },
  };
}

export interface QueueDeclaration<Item extends QueueItem = QueueItem> {
  /** The page's name: tab `bo-nav-<id>`, screen `bo-queue-<id>`. */
  id: string;
  /** Place among the tabs (smaller first; the audit log comes last). */
  order: number;
  /** Its locale namespace (see {@link queueStrings}). */
  strings: LocaleFiles;
  /** i18n keys of its tab and of its list's heading. */
  nav: string;
  heading: string;
  /** The waiting items; operators see the queue when the list endpoint allows one of their roles. */
  list: Read<void, Item[]>;
  /** A fuller read of the selected item (e.g. a withdrawal's destination); without it, the list's item. */
  detail?: Read<Item, Item>;
  row: (item: Item) => Row;
  /** The detail's facts between the user and the submission time. */
  facts: (item: Item) => Fact[];
  /** The detail's "Details" rows, as shown. */
  fields: (item: Item, t: Translate) => Array<[label: string, text: string]>;
  /** What the detail shows after its facts (a deposit's proof image). */
  extra?: ComponentType<{ item: Item }>;
  /** Beside the detail: the panel of the user behind the item. */
  panel: ComponentType<{ uid: string }>;
  /** In the order of their buttons. */
  decisions: ReadonlyArray<Decision<Item> & { endpoint: Endpoint }>;
  /**
   * Keeps the list live while the queue is open (e.g. a socket): rendered in the list's head, where it shows
   * its connection state; `update` changes the loaded list in place, `reload` loads it again (after a reconnect).
   */
  live?: ComponentType<LiveProps<Item>>;
}

/** What a queue's live part gets of the list. */
export interface LiveProps<Item extends QueueItem> {
  update: (change: (items: Item[]) => Item[]) => void;
  reload: () => void;
}

/** Whether an operator with `roles` holds one of the `allowed` ones. */
export const holdsOne = (roles: readonly OperatorRole[], allowed: readonly OperatorRole[] | undefined) =>
  roles.some((role) => allowed?.includes(role));

/** Whether an operator may take a decision. */
export const mayDecide = (roles: readonly OperatorRole[], decision: { roles: readonly OperatorRole[] }) =>
  holdsOne(roles, decision.roles);

/** Declares a queue (identity at run time; keeps the item type through the declaration). */
export function defineQueue<Item extends QueueItem>(declaration: QueueDeclaration<Item>): QueueDeclaration {
  // The shell hands each function back only items this declaration made.
  return declaration as unknown as QueueDeclaration;
}

/**
 * A queue's locale namespace `backoffice-<name>`: its English, and loaders of the other languages of its
 * files `locales/<lang>/backoffice/<name>.json` (an `import.meta.glob` the queue file writes), keyed the way
 * the i18n core names a namespace file.
 */
export function queueStrings(name: string, english: Strings, languages: StringsLoaders): LocaleFiles {
  return {
    english: { [`backoffice-${name}`]: english },
    languages: Object.fromEntries(
      Object.entries(languages).map(([path, load]) => [
        path.replace(/\/([\w-]+)\/backoffice\/([\w-]+)\.json$/, '/$1/backoffice-$2.json'),
        load,
      ]),
    ),
  };
}

/** The namespace a queue's strings live in. */
export const namespaceOf = (queue: QueueDeclaration) => Object.keys(queue.strings.english)[0] ?? '';
