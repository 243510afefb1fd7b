/**
 * The float's dialog body (loaded on its first open): the live chat when the brand has its own, and a button
 * for each other channel (email, Telegram, WhatsApp, another site's desk) as the service page's cards decide.
 */
import { useHost } from '../../host-context';
import { ChannelCards, LiveChat } from '../../pages/service/service-channels';
import '../../pages/service/service-page.css';

/** The chat and the other channels' buttons. */
export function SupportFloatBody() {
  const { channels } = useHost().service;
  const chat = channels.some((c) => c.target.kind === 'chat');
  const others = channels.filter((c) => c.target.kind !== 'chat');
  return (
    <div className="host-service host-service--float" data-testid="support-float-body">
      {chat ? <LiveChat /> : null}
      {others.length > 0 ? <ChannelCards channels={others} onChat={() => undefined} compact /> : null}
    </div>
  );
}
