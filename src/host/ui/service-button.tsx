/** Customer-service shortcut: follows the brand's service link (spec §4 service link type). */
import { useState, type ReactNode } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { Dialog } from './dialog';
import { ServiceIcon } from './icons';

/** The service action of the brand: its label, what a press does, and the framed dialog while it is open. */
export interface ServiceAction {
  label: string;
  open: () => void;
  /** The framed dialog (type 0 links), to render wherever the caller stays mounted. */
  dialog: ReactNode;
}

/** Opens the service link in a new tab, or in a framed dialog for type 0; null without a link. */
export function useServiceAction(): ServiceAction | null {
  const t = useT();
  const { service } = useHost();
  const [framed, setFramed] = useState<string | null>(null);
  if (!service) return null;
  const label = t('nav.service');
  const open = () => {
    if (service.kind === 'dialog') setFramed(service.url);
    else window.open(service.url, '_blank', 'noopener,noreferrer');
  };
  const dialog = framed ? (
    <Dialog
      title={label}
      wide
      onClose={() => setFramed(null)}
      actions={
        <button type="button" className="host-btn" data-autofocus onClick={() => setFramed(null)}>
          {t('common.close')}
        </button>
      }
    >
      <iframe className="host-service-frame" src={framed} title={label} />
    </Dialog>
  ) : null;
  return { label, open, dialog };
}

/** The service icon button; hidden without a link. */
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
