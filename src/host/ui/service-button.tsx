/**
 * Customer-service shortcuts: every service button of the host follows the one decision of
 * core/domain/service-channels (spec §3, §4 service link type): the service page, a framed dialog (type 0),
 * a new tab (types 1 and 2) or the mail client.
 */
import { useState, type ReactNode } from 'react';
import type { ServiceButtonTarget } from '../../core/domain/service-channels';
import { useT } from '../../widgets/_shared/use-t';
import { useService } from '../host-context';
import { navigate } from '../routing/history';
import { Dialog } from './dialog';
import { ServiceIcon } from './icons';

/** The service page (open to visitors): the channel cards or the live chat. */
export const SERVICE_PATH = '/user/service';

/** Opens service targets; `dialog` is the framed page of a type 0 link, to render where the caller stays mounted. */
export interface ServiceOpener {
  open: (target: ServiceButtonTarget) => void;
  dialog: ReactNode;
}

/** Opens a channel's target: the page for the own chat, a framed dialog, a tab or the mail client. */
export function useServiceOpener(title: string): ServiceOpener {
  const t = useT();
  const [framed, setFramed] = useState<string | null>(null);
  const open = (target: ServiceButtonTarget) => {
    if (target.kind === 'dialog') setFramed(target.url);
    else if (target.kind === 'tab') window.open(target.url, '_blank', 'noopener,noreferrer');
    else if (target.kind === 'mail') window.location.assign(target.url);
    else navigate(SERVICE_PATH);
  };
  const dialog = framed ? (
    <Dialog
      title={title}
      wide
      onClose={() => setFramed(null)}
      actions={
        <button type="button" className="host-btn" data-autofocus onClick={() => setFramed(null)}>
          {t('common.close')}
        </button>
      }
    >
      <iframe className="host-service-frame" src={framed} title={title} />
    </Dialog>
  ) : null;
  return { open, dialog };
}

/** The service action of the brand: its label, what a press does, and the framed dialog while it is open. */
export interface ServiceAction {
  label: string;
  open: () => void;
  /** The framed dialog (type 0 links), to render wherever the caller stays mounted. */
  dialog: ReactNode;
}

/** The lone service button's action (service-channels `button`); null when the brand has no channel. */
export function useServiceAction(): ServiceAction | null {
  const t = useT();
  const service = useService();
  const label = t('nav.service');
  const opener = useServiceOpener(label);
  const target = service.button;
  if (!target) return null;
  return { label, open: () => opener.open(target), dialog: opener.dialog };
}

/** The service icon button; hidden without a channel. */
export function ServiceButton() {
  const service = useServiceAction();
  if (!service) return null;
  return (
    <>
      <button
        type="button"
        className="host-icon-btn"
        aria-label={service.label}
        title={service.label}
        onClick={service.open}
      >
        <ServiceIcon />
      </button>
      {service.dialog}
    </>
  );
}
