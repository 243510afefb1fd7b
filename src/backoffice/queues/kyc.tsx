/**
 * The identity queue (compliance, issue #20): waiting verifications oldest first, the submitted data with the
 * document's images beside it (each enlarged on a click; every opening is audited by the server), approved
 * (the user's level rises) or rejected with a reason the user reads in notification 629007.
 */
import { useState } from 'react';
import {
  AdminApproveKyc,
  AdminKycList,
  AdminRejectKyc,
  KYC_IMAGE_SIDES,
  type AdminKyc,
  type KycImageSide,
  type KycLevel,
} from '../../core/contract/kyc';
import english from '../../core/i18n/locales/en/backoffice/kyc.json';
import { ModalDrawer } from '../../widgets/_shared/drawer';
import { useBackoffice, type Translate } from '../context';
import { defineQueue, queueStrings, read, rejectOrApprove, type QueueItem } from '../queue-declaration';
import { SidePanel } from '../side-panel';

const KEYS = 'backoffice.queues.kyc';

/** A waiting verification as the queue shows it. */
export interface KycItem extends QueueItem {
  level: KycLevel;
  realName: string;
  idCard: string;
  idType: number | null;
  authEmail: string | null;
  /** Admin paths of the images by side; null where none was sent (a junior verification has none). */
  images: Record<KycImageSide, string | null>;
}

/** A queue item from a submission of the admin list. */
export function kycItem(kyc: AdminKyc): KycItem {
  return {
    id: kyc.id,
    ticketNo: `KYC-${kyc.id}`,
    userUid: kyc.userUid,
    createdAt: kyc.createdAt,
    level: kyc.level,
    realName: kyc.realName,
    idCard: kyc.idCard,
    idType: kyc.idType,
    authEmail: kyc.authEmail,
    images: kyc.images,
  };
}

/** The "Details" rows: level, document type and auth email where the submission has them. */
export function kycFields(item: KycItem, t: Translate): Array<[string, string]> {
  const fields: Array<[string, string]> = [[`${KEYS}.field.level`, t(`${KEYS}.level_${item.level}`)]];
  if (item.level === 'advanced' && item.idType !== null)
    fields.push([`${KEYS}.field.id_type`, t(`${KEYS}.id_type_${item.idType}`)]);
  if (item.authEmail) fields.push([`${KEYS}.field.auth_email`, item.authEmail]);
  return fields;
}

/** The document's images side by side; a click opens the larger view. */
function Images({ item }: { item: KycItem }) {
  const { t } = useBackoffice();
  const [zoomed, setZoomed] = useState<KycImageSide | null>(null);
  const sent = KYC_IMAGE_SIDES.filter((side) => item.images[side]);
  const zoomedSrc = zoomed ? item.images[zoomed] : null;
  return (
    <>
      <h3>{t(`${KEYS}.images`)}</h3>
      {sent.length === 0 ? (
        <p className="bo-muted">{t(`${KEYS}.no_images`)}</p>
      ) : (
        <div className="bo-kyc-images" data-testid="bo-kyc-images">
          {sent.map((side) => (
            <figure key={side} className="bo-kyc-images__item">
              <button
                type="button"
                className="bo-proof"
                onClick={() => setZoomed(side)}
                aria-label={t(`${KEYS}.zoom_in`, { image: t(`${KEYS}.side_${side}`) })}
                data-testid={`bo-kyc-${side}`}
              >
                <img src={item.images[side] as string} alt={t(`${KEYS}.side_${side}`)} />
              </button>
              <figcaption>{t(`${KEYS}.side_${side}`)}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {zoomed && zoomedSrc ? (
        <ModalDrawer
          title={t(`${KEYS}.side_${zoomed}`)}
          onClose={() => setZoomed(null)}
          block="bo-zoom"
          part="zoom"
          closeLabel={t(`${KEYS}.zoom_out`)}
        >
          <img className="bo-zoom__image" src={zoomedSrc} alt={t(`${KEYS}.side_${zoomed}`)} />
        </ModalDrawer>
      ) : null}
    </>
  );
}

const text = (key: string) => (item: KycItem, t: Translate) =>
  t(`${KEYS}.${key}`, { name: item.realName, uid: item.userUid });

export const queue = defineQueue<KycItem>({
  id: 'kyc',
  order: 30,
  strings: queueStrings(
    'kyc',
    english,
    import.meta.glob(
      ['../../core/i18n/locales/*/backoffice/kyc.json', '!../../core/i18n/locales/en/backoffice/*'],
      { import: 'default' },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: read(
    AdminKycList,
    () => ({ status: 'waiting' as const }),
    (data) => data.list.map(kycItem),
  ),
  row: (item) => ({ title: item.realName, note: item.idCard }),
  facts: (item) => [
    { label: `${KEYS}.field.real_name`, text: item.realName },
    { label: `${KEYS}.field.id_card`, text: item.idCard },
  ],
  fields: kycFields,
  extra: Images,
  panel: SidePanel,
  decisions: rejectOrApprove<typeof AdminRejectKyc, typeof AdminApproveKyc, KycItem>({
    reject: AdminRejectKyc,
    rejectInput: (item, reason) => ({ id: item.id, reason }),
    rejectText: text('reject_text'),
    approve: AdminApproveKyc,
    approveInput: (item) => ({ id: item.id }),
    approveText: text('approve_text'),
  }),
});
