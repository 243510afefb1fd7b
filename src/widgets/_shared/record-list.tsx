import { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { OptionOrder } from '../../core/contract/options';
import { optionDirection } from '../../core/domain/option-order';

/**
 * A list of records (orders, options, cashier records) shown as a table in a wide widget and as cards in
 * a narrow one. The layout follows the width of the widget itself, not of the window: partners embed
 * widgets in narrow columns of wide pages, and a phone-wide column must never scroll sideways.
 */
export type RecordLayout = 'table' | 'cards';

/** Widest widget (CSS px) that still shows cards: below it a six-column blotter would not fit without scrolling. */
export const CARD_LAYOUT_MAX_WIDTH = 640;

/** The layout for a measured width; 0 (hidden, or not laid out) keeps the current one. */
export function layoutForWidth(
  width: number,
  current: RecordLayout,
  maxWidth = CARD_LAYOUT_MAX_WIDTH,
): RecordLayout {
  if (!(width > 0)) return current;
  return width <= maxWidth ? 'cards' : 'table';
}

/**
 * Whether the viewport alone says the element is narrow enough for cards: a viewport no wider than `maxWidth`
 * leaves no element wider (a phone's page). `matchMedia` reads no layout. The quote table asks the same in a line of
 * its own (`roomBeforeLayout`): one module shared by both put 18 B more into tk-quotes' first paint, at its budget.
 */
function narrowViewport(maxWidth: number): boolean {
  return globalThis.matchMedia?.(`(max-width: ${maxWidth}px)`).matches ?? false;
}

/**
 * The layout of the element's width: measured before the first paint and followed with a ResizeObserver.
 * Without a width (no layout engine, or hidden) it stays 'table'. Where the viewport alone says 'cards' (EK66),
 * the list renders as cards from its first render and nothing is measured before the paint: measuring laid the
 * whole page out inside React's commit, and the table rendered first was thrown away for the cards.
 */
export function useContainerLayout(
  ref: RefObject<HTMLElement | null>,
  maxWidth = CARD_LAYOUT_MAX_WIDTH,
): RecordLayout {
  const [layout, setLayout] = useState<RecordLayout>(() => (narrowViewport(maxWidth) ? 'cards' : 'table'));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const apply = (width: number) => setLayout((current) => layoutForWidth(width, current, maxWidth));
    if (!narrowViewport(maxWidth)) apply(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      apply(entry.contentBoxSize?.[0]?.inlineSize ?? entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, maxWidth]);
  return layout;
}

const LayoutContext = createContext<RecordLayout>('table');

/** The layout chosen by the nearest LayoutBox ('table' outside one). */
export function useRecordLayout(): RecordLayout {
  return useContext(LayoutContext);
}

/** Props of LayoutBox. */
export interface LayoutBoxProps {
  className: string;
  part?: string;
  maxWidth?: number;
  children?: ReactNode;
}

/**
 * A widget's base element that measures its own width and tells the record lists inside which layout to
 * use (`data-layout` on the element for the widget's CSS).
 */
export function LayoutBox({ className, part, maxWidth, children }: LayoutBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const layout = useContainerLayout(ref, maxWidth);
  return (
    <div ref={ref} className={className} part={part} data-layout={layout}>
      <LayoutContext.Provider value={layout}>{children}</LayoutContext.Provider>
    </div>
  );
}

/** One field of a record: a table column and a labelled value on a card. */
export interface RecordField<T> {
  /** `data-field` of the value (tests and partners' CSS find it by this). */
  id: string;
  /** Column header and card label. */
  label: string;
  /** A card's label when it depends on the record ("Order time" or "Place time"). */
  labelOf?: (item: T) => string;
  /** Left off a card for this record (a close time of an order still open). */
  omit?: (item: T) => boolean;
  value: (item: T) => ReactNode;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** `data-tone` of the value (up, down, …). */
  tone?: (item: T) => string | undefined;
  /** `data-testid` of the value. */
  testId?: string;
  /** The card's headline figure beside the title (the P&L); at most one field. */
  lead?: boolean;
  /** Shown only in this layout (a combined table column, split fields on a card). */
  only?: RecordLayout;
  /** On a card, the field takes the whole width (a progress bar). */
  wide?: boolean;
}

/** Props of RecordList. */
export interface RecordListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** Accessible name of the list (table caption). */
  label: string;
  /** Header of the title column. */
  titleLabel: string;
  /** What the record is: usually a RecordTitle. */
  title: (item: T) => ReactNode;
  fields: readonly RecordField<T>[];
  /** Opens the record (its detail); the title becomes a button, the whole row opens it for the pointer. */
  onOpen?: (item: T) => void;
  /** Extra `data-*` attributes of each row or card (`{ 'data-order': id }`). */
  rowData?: (item: T) => Record<`data-${string}`, string>;
  /** Layout; the nearest LayoutBox's when absent. */
  layout?: RecordLayout;
}

function Title<T>({ item, props }: { item: T; props: RecordListProps<T> }) {
  const { onOpen } = props;
  if (!onOpen) return <span className="tk-rec__title">{props.title(item)}</span>;
  return (
    <button
      type="button"
      className="tk-rec__title"
      aria-haspopup="dialog"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(item);
      }}
    >
      {props.title(item)}
    </button>
  );
}

function valueAttributes<T>(field: RecordField<T>, item: T) {
  return {
    'data-field': field.id,
    'data-tone': field.tone?.(item),
    'data-testid': field.testId,
  };
}

function RecordTable<T>(props: RecordListProps<T>) {
  const fields = props.fields.filter((f) => f.only !== 'cards');
  const { onOpen } = props;
  return (
    <table className="tk-rec__table" part="table">
      <caption className="tk-visually-hidden">{props.label}</caption>
      <thead>
        <tr>
          <th scope="col">{props.titleLabel}</th>
          {fields.map((f) => (
            <th key={f.id} scope="col" data-num={f.numeric || undefined}>
              {f.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.items.map((item) => (
          <tr
            key={props.keyOf(item)}
            className="tk-rec__row"
            part="row"
            data-openable={onOpen ? '' : undefined}
            {...props.rowData?.(item)}
            onClick={onOpen ? () => onOpen(item) : undefined}
          >
            <th scope="row">
              <Title item={item} props={props} />
            </th>
            {fields.map((f) => (
              <td
                key={f.id}
                className={f.numeric ? 'tk-num' : undefined}
                data-num={f.numeric || undefined}
                {...valueAttributes(f, item)}
              >
                {f.value(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecordCards<T>(props: RecordListProps<T>) {
  const fields = props.fields.filter((f) => f.only !== 'table');
  const lead = fields.find((f) => f.lead);
  const rest = fields.filter((f) => !f.lead);
  const { onOpen } = props;
  return (
    <ul className="tk-rec__cards" part="cards" aria-label={props.label}>
      {props.items.map((item) => (
        <li
          key={props.keyOf(item)}
          className="tk-rec__card"
          part="row card"
          data-openable={onOpen ? '' : undefined}
          {...props.rowData?.(item)}
          onClick={onOpen ? () => onOpen(item) : undefined}
        >
          <div className="tk-rec__card-head">
            <Title item={item} props={props} />
            {lead ? (
              <span className="tk-rec__lead">
                <span className="tk-rec__label">{lead.label}</span>
                <span className="tk-rec__lead-value tk-num" {...valueAttributes(lead, item)}>
                  {lead.value(item)}
                </span>
              </span>
            ) : null}
          </div>
          {rest.length > 0 ? (
            <dl className="tk-rec__fields">
              {rest
                .filter((f) => !f.omit?.(item))
                .map((f) => (
                  <div
                    key={f.id}
                    className="tk-rec__field"
                    data-num={f.numeric || undefined}
                    data-wide={f.wide || undefined}
                  >
                    <dt className="tk-rec__label">{f.labelOf?.(item) ?? f.label}</dt>
                    <dd className={f.numeric ? 'tk-num' : undefined} {...valueAttributes(f, item)}>
                      {f.value(item)}
                    </dd>
                  </div>
                ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Records as a table (wide) or as cards (narrow): every field of a record visible without scrolling sideways. */
export function RecordList<T>(props: RecordListProps<T>) {
  const fromBox = useRecordLayout();
  return (props.layout ?? fromBox) === 'cards' ? <RecordCards {...props} /> : <RecordTable {...props} />;
}

/** Props of RecordTitle. */
export interface RecordTitleProps {
  /** The short symbol (EURUSD). */
  symbol: string;
  /** The full product name (Euro / US Dollar), on its own line; left out when empty or equal to the symbol. */
  name?: string | null | undefined;
  /** Direction badge: 'buy' colours it up, 'sell' down. */
  side: 'buy' | 'sell';
  sideLabel: string;
  /** After the badge (leverage). */
  extra?: ReactNode;
}

/** The title of a trade record: symbol and direction, the full product name under them (wrapping, never cut). */
export function RecordTitle({ symbol, name, side, sideLabel, extra }: RecordTitleProps) {
  const full = name && name !== symbol ? name : null;
  return (
    <>
      <span className="tk-rec__title-line">
        <span className="tk-rec__symbol">{symbol}</span>
        <span className="tk-rec__side" data-side={side} part="side">
          {sideLabel}
        </span>
        {extra}
      </span>
      {full ? (
        <span className="tk-rec__name" part="product-name">
          {full}
        </span>
      ) : null}
    </>
  );
}

/** The title of an option record: its pair and direction (up as buy, down as sell), the product name under them. */
export function OptionRecordTitle({
  order,
  sideLabel,
}: {
  order: OptionOrder;
  sideLabel: (direction: 'up' | 'down') => string;
}) {
  const direction = optionDirection(order);
  return (
    <RecordTitle
      symbol={order.tradePair || order.productName}
      name={order.productName}
      side={direction === 'down' ? 'sell' : 'buy'}
      sideLabel={sideLabel(direction)}
    />
  );
}
