import { useState } from 'react';
import { imageLimitText } from '../../core/media/image-rules';
import { usePlatform } from '../_shared/platform-context';
import { useT } from '../_shared/use-t';
import {
  formProblems,
  ID_TYPES,
  initialForm,
  KYC_IMAGE_PARTS,
  KYC_TEXT_MAX,
  type FormProblems,
  type IdType,
  type KycImagePart,
  type KycLevel,
  type VerificationForm,
} from './verification.logic';
import type { ShownRecord, VerificationModel } from './use-verification';
import { ImageField } from './image-field';

/** i18n key of each image's label. */
const IMAGE_LABELS: Readonly<Record<KycImagePart, string>> = {
  cardImgFront: 'verification.front',
  cardImgReverse: 'verification.reverse',
  cardImgAvatar: 'verification.selfie',
};

/** A labelled text field with its problem under it. */
function TextField(props: {
  name: string;
  label: string;
  value: string;
  problem: string | undefined;
  type?: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const id = `tk-kyc-${props.name}`;
  return (
    <div className="tk-kyc__field">
      <label className="tk-cash-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="tk-cash-input"
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        maxLength={KYC_TEXT_MAX}
        autoComplete="off"
        part="input"
        data-testid={`kyc-${props.name}`}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.problem ? (
        <p className="tk-kyc__problem" id={`${id}-problem`} role="alert">
          {t(props.problem)}
        </p>
      ) : null}
    </div>
  );
}

/** Props of VerificationFormView. */
export interface VerificationFormProps {
  level: KycLevel;
  model: VerificationModel;
  record: ShownRecord;
}

/**
 * The form of a level in status 0, 1 or 3 (spec §4), filled with the submitted data: name and number; on
 * the advanced level the document type (twoTypeVerified), the email (addVerifiedEmail) and the three photos.
 */
export function VerificationFormView({ level, model, record }: VerificationFormProps) {
  const t = useT();
  const { i18n } = usePlatform();
  const [form, setForm] = useState<VerificationForm>(() => initialForm(record));
  const [problems, setProblems] = useState<FormProblems>({});
  const { flags } = model;
  const update = (patch: Partial<VerificationForm>) => setForm((f) => ({ ...f, ...patch }));
  const send = async () => {
    const found = formProblems(form, level, flags, record.images);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (await model.submit(form)) setForm((f) => ({ ...f, images: {} }));
  };
  return (
    <form
      className="tk-kyc__form"
      part="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextField
        name="realName"
        label={t('verification.real_name')}
        value={form.realName}
        problem={problems.realName}
        onChange={(realName) => update({ realName })}
      />
      {level === 'advanced' && flags.twoTypes ? (
        <div className="tk-kyc__field">
          <label className="tk-cash-label" htmlFor="tk-kyc-idType">
            {t('verification.id_type')}
          </label>
          <select
            id="tk-kyc-idType"
            className="tk-cash-input"
            part="input"
            data-testid="kyc-idType"
            value={form.idType}
            onChange={(e) => update({ idType: Number(e.target.value) as IdType })}
          >
            {ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`verification.id_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <TextField
        name="idCard"
        label={t('verification.id_card')}
        value={form.idCard}
        problem={problems.idCard}
        onChange={(idCard) => update({ idCard })}
      />
      {level === 'advanced' && flags.authEmail ? (
        <TextField
          name="authEmail"
          type="email"
          label={t('verification.auth_email')}
          value={form.authEmail}
          problem={problems.authEmail}
          onChange={(authEmail) => update({ authEmail })}
        />
      ) : null}
      {level === 'advanced' ? (
        <>
          <div className="tk-kyc__images">
            {KYC_IMAGE_PARTS.map((part) => (
              <ImageField
                key={part}
                part={part}
                label={t(IMAGE_LABELS[part])}
                file={form.images[part]}
                submitted={record.images[part]}
                problem={problems[part] ?? null}
                disabled={model.busy}
                onPicked={(file) => setForm((f) => ({ ...f, images: { ...f.images, [part]: file } }))}
              />
            ))}
          </div>
          <p className="tk-kyc__hint">
            {t('verification.image_hint', { size: imageLimitText(i18n.language) })}
          </p>
        </>
      ) : null}
      <button
        type="submit"
        className="tk-cash-btn tk-kyc__btn"
        data-variant="primary"
        part="submit"
        disabled={model.busy}
        data-testid="kyc-submit"
      >
        {t(record.verifiedStatus === 3 ? 'verification.resubmit' : 'verification.submit')}
      </button>
    </form>
  );
}
