/** Customer-service shortcut: follows the brand's service link (spec §4 service link type). */
import { useState } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { Dialog } from './dialog';
import { ServiceIcon } from './icons';

/** Opens the service link in a new tab, or in a framed dialog for type 0; hidden without a link. */
export function ServiceButton() {
  const t = useT();
  const { service } = useHost();
  const [framed, setFramed] = useState<string | null>(null);
  if (!service) return null;
  const label = t('nav.service');

  const open = () => {
    if (service.kind === 'dialog') setFramed(service.url);
    else window.open(service.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <button type="button" className="host-icon-btn" aria-label={label} title={label} onClick={open}>
        <ServiceIcon />
      </button>
      {framed ? (
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
      ) : null}
    </>
  );
}
