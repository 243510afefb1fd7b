import { forwardRef } from 'react';
import type { Translate } from './use-t';

/** Props of ListFoot. */
export interface ListFootProps {
  t: Translate;
  /** The last page's failure text, or null. */
  error: string | null;
  /** A page is on its way, or the first one has not come yet. */
  loading: boolean;
  /** No further page exists. */
  done: boolean;
  /** The list shows at least one item. */
  hasItems: boolean;
  /** The widget's class block: `<block>__foot`, `<block>__end`, `<block>__btn`. */
  block: string;
  /** Keys of the failure prefix, the end-of-list line and the next-page button (each list words them). */
  failedKey: string;
  endKey: string;
  moreKey: string;
  onRetry: () => void;
  onMore: () => void;
}

/**
 * The foot of an infinite list (spec §2, 10 a page): the scroll sentinel with the failure banner and retry,
 * the loading line, the end-of-list line, or a button for the next page.
 */
export const ListFoot = forwardRef<HTMLDivElement, ListFootProps>(function ListFoot(props, sentinel) {
  const { t } = props;
  return (
    <div ref={sentinel} className={`${props.block}__foot`}>
      {props.error ? (
        <div className="tk-banner" data-tone="danger" role="alert">
          <span className="tk-banner__text">
            {t(props.failedKey)} {props.error}
          </span>
          <button type="button" className="tk-button" onClick={props.onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : props.loading ? (
        <p className="tk-state" role="status">
          {t('app.loading')}
        </p>
      ) : props.done ? (
        props.hasItems ? (
          <p className={`${props.block}__end`}>{t(props.endKey)}</p>
        ) : null
      ) : (
        <button type="button" className={`${props.block}__btn`} onClick={props.onMore}>
          {t(props.moreKey)}
        </button>
      )}
    </div>
  );
});
