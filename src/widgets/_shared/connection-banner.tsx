import type { FeedState } from '../../core/runtime/types';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import { useT } from './use-t';

/** What the banner says for a feed state: nothing while healthy or still connecting for the first time. */
export function bannerKind(state: FeedState): 'failed' | 'reconnecting' | 'lost' | null {
  if (state.status === 'failed') return 'failed';
  if (state.status === 'reconnecting') return 'reconnecting';
  // Before the first message there is nothing to have lost: the widget shows its loading state instead.
  if (state.connectionLost && state.lastMessageAt !== null) return 'lost';
  return null;
}

/**
 * The live-price connection notice (spec §4/§8): "Trying to reconnect..." while reconnecting, "Connection
 * lost" while stale, and after the last reconnect attempt the ws_failed message with a Retry button.
 */
export function ConnectionBanner() {
  const platform = usePlatform();
  const state = useAtomValue(platform.atoms.feedState);
  const t = useT();
  const kind = bannerKind(state);
  if (kind === null) return null;
  if (kind === 'failed') {
    return (
      <div className="tk-banner" data-tone="danger" role="alert" part="banner">
        <span className="tk-banner__text">{t('feed.ws_failed')}</span>
        <button type="button" className="tk-button" onClick={() => platform.feed.retry()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="tk-banner" role="status" part="banner">
      <span className="tk-banner__text">
        {t(kind === 'reconnecting' ? 'feed.reconnecting' : 'feed.connection_lost')}
      </span>
    </div>
  );
}
