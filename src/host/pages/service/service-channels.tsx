/**
 * The brand's service channels as the service page and the desktop float show them: a card (or a button) per
 * channel with its go button, each following its target (core/domain/service-channels), and the live chat
 * loaded only when it is shown.
 */
import { lazy, Suspense } from 'react';
import type { ServiceChannel, ServiceChannelName } from '../../../core/domain/service-channels';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { useServiceOpener } from '../../ui/service-button';

// The chat's code (its hook, socket and image checks) loads when a chat is shown, not with the host.
const Support = lazy(() => import('../../../widgets/support').then((m) => ({ default: m.Support })));

/** The live chat, in the host's theme. */
export function LiveChat() {
  const t = useT();
  const { theme } = useHost();
  return (
    <Suspense fallback={<p className="tk-state">{t('app.loading')}</p>}>
      <Support theme={theme} />
    </Suspense>
  );
}

/** A channel's title (an i18n key, or the app's own name, which no language translates) and its line. */
const TEXTS: Readonly<Record<ServiceChannelName, { title: string; key: boolean; line: string }>> = {
  online: { title: 'support.channel_online', key: true, line: 'support.channel_online_text' },
  telegram: { title: 'Telegram', key: false, line: 'support.channel_telegram_text' },
  whatsapp: { title: 'WhatsApp', key: false, line: 'support.channel_whatsapp_text' },
  email: { title: 'support.channel_email', key: true, line: '' },
};

export interface ChannelCardsProps {
  channels: readonly ServiceChannel[];
  /** The own chat's go button (the caller shows the chat). */
  onChat: () => void;
  /** Buttons in a row (the float's dialog) instead of cards (the page). */
  compact?: boolean;
}

/** A card per channel with a go button (or one button each when compact). */
export function ChannelCards({ channels, onChat, compact = false }: ChannelCardsProps) {
  const t = useT();
  const opener = useServiceOpener(t('support.menu'));
  return (
    <>
      <ul
        className={compact ? 'host-service__buttons' : 'host-service__cards'}
        data-testid="service-channels"
      >
        {channels.map((channel) => {
          const texts = TEXTS[channel.name];
          const title = texts.key ? t(texts.title) : texts.title;
          const line = texts.line;
          const target = channel.target;
          const go = () => (target.kind === 'chat' ? onChat() : opener.open(target));
          const text = target.kind === 'mail' ? target.address : line ? t(line) : '';
          return (
            <li key={channel.name} className="host-service__card" data-channel={channel.name}>
              {compact ? null : (
                <div className="host-service__card-text">
                  <strong>{title}</strong>
                  {text ? <span>{text}</span> : null}
                </div>
              )}
              <button
                type="button"
                className={compact ? 'host-btn' : 'host-btn host-btn--primary'}
                aria-label={compact ? title : `${t('support.go')}: ${title}`}
                title={text || undefined}
                onClick={go}
              >
                {compact ? title : t('support.go')}
              </button>
            </li>
          );
        })}
      </ul>
      {opener.dialog}
    </>
  );
}
