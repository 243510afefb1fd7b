/**
 * The float's dialog body (loaded on its first open): a button for each other channel (email, Telegram,
 * WhatsApp, another site's desk) as the service page's cards decide, and under them the live chat when the
 * brand has its own, filling the dialog (its list scrolls, the composer stays in view).
 */
import { useService } from '../../host-context';
import { ChannelCards, LiveChat } from '../../pages/service/service-channels';
import '../../pages/service/service-page.css';

/** The chat and the other channels' buttons. */
export function SupportFloatBody() {
  const { channels } = useService();
  const chat = channels.some((c) => c.target.kind === 'chat');
  const others = channels.filter((c) => c.target.kind !== 'chat');
  return (
    <div className="host-service host-service--float" data-testid="support-float-body">
      {/* The other channels first: a long conversation does not push them out of the dialog (SJ4). */}
      {others.length > 0 ? <ChannelCards channels={others} onChat={() => undefined} compact /> : null}
      {chat ? <LiveChat /> : null}
    </div>
  );
}
