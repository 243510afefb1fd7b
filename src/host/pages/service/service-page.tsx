/**
 * `/user/service` (spec §2 Customer service; open to visitors): a card per configured channel (online,
 * telegram, whatsapp, email) with a go button, or the live chat when the brand's own chat is its only channel
 * (the framed desk when another site's type 0 desk is). Mobile shows it as a full page under a back bar; the
 * desktop shows it in the account dialog.
 */
import { useState } from 'react';
import { onlyOwnChat } from '../../../core/domain/service-channels';
import { useT } from '../../../widgets/_shared/use-t';
import { useService } from '../../host-context';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import { ChannelCards, LiveChat } from './service-channels';
import './service-page.css';

function ServiceBody() {
  const t = useT();
  const { channels } = useService();
  const [chat, setChat] = useState(false);
  const only = channels.length === 1 ? channels[0]!.target : null;
  if (onlyOwnChat(channels)) return <LiveChat />;
  if (only?.kind === 'dialog')
    return (
      <iframe className="host-service-frame host-service__frame" src={only.url} title={t('support.menu')} />
    );
  if (channels.length === 0) return <p className="tk-state">{t('support.none')}</p>;
  if (chat)
    return (
      <>
        <button type="button" className="host-btn host-service__back" onClick={() => setChat(false)}>
          {t('support.all_channels')}
        </button>
        <LiveChat />
      </>
    );
  return (
    <>
      <h2 className="host-service__heading">{t('support.channels')}</h2>
      <ChannelCards channels={channels} onChat={() => setChat(true)} />
    </>
  );
}

/** The customer-service page of the current shell. */
export function ServicePage() {
  const t = useT();
  const desktop = useIsDesktop();
  return (
    <div className="host-service" data-testid="service-page">
      {desktop ? null : <PageBar title={t('support.menu')} />}
      <ServiceBody />
    </div>
  );
}
