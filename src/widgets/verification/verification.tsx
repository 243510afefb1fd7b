import type { EventCallbacks } from '../_shared/events';
import { SignedOut } from '../_shared/signed-out';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { useVerification, type ShownRecord } from './use-verification';
import { VerificationFormView } from './verification-form';
import { isEditable, maskedId, VERIFICATION_PATHS, type KycLevel } from './verification.logic';
import { VERIFICATION_CSS as css } from './styles';

/** Props of <Verification>: the attributes of <tk-verification> and its output callbacks. */
export interface VerificationProps extends EventCallbacks<'tk-navigate'> {
  /** Junior (name and id number) or advanced (also the document's photos); default advanced. */
  level?: KycLevel;
  theme?: 'light' | 'dark';
}

/** The status line of spec §4: none, under review (yellow), verified, failed with the operator's reason. */
function StatusLine({ record }: { record: ShownRecord }) {
  const t = useT();
  const status = record.verifiedStatus;
  return (
    <div className="tk-kyc__status" part="status" data-status={status} data-testid="kyc-status" role="status">
      <p className="tk-kyc__status-name">{t(`verification.status_${status}`)}</p>
      {status === 1 ? <p>{t('verification.waiting_text')}</p> : null}
      {status === 2 ? <p>{t('verification.verified_text')}</p> : null}
      {status === 3 ? (
        <>
          <p>{t('msg.auth_failed')}</p>
          {record.reason ? (
            <p className="tk-kyc__reason" data-testid="kyc-reason">
              {t('verification.reason', { reason: record.reason })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** A verified level: the data read-only, the number mostly hidden (spec §4: not editable in 2). */
function VerifiedData({ record }: { record: ShownRecord }) {
  const t = useT();
  return (
    <dl className="tk-kyc__data" part="data" data-testid="kyc-verified">
      <div>
        <dt>{t('verification.real_name')}</dt>
        <dd>{record.realName}</dd>
      </div>
      <div>
        <dt>{t('verification.id_card')}</dt>
        <dd className="tk-num">{maskedId(record.idCard)}</dd>
      </div>
    </dl>
  );
}

function VerificationBody(props: VerificationProps) {
  const t = useT();
  const level = props.level === 'junior' ? 'junior' : 'advanced';
  const model = useVerification(level, props);
  if (!model.signedIn) {
    return (
      <SignedOut
        text={t('verification.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-kyc__btn"
        onLogin={() => model.navigate(`/login?to=${VERIFICATION_PATHS[level]}`)}
      />
    );
  }
  if (!model.offered) {
    return (
      <p className="tk-state" part="unavailable">
        {t('verification.not_offered')}
      </p>
    );
  }
  const { record } = model;
  if (record === null) return <p className="tk-state">{t('verification.loading')}</p>;
  if (record === 'failed') {
    return (
      <div className="tk-state" part="error">
        <p>{t('verification.load_failed')}</p>
        <button type="button" className="tk-cash-btn tk-kyc__btn" onClick={model.reload}>
          {t('verification.retry')}
        </button>
      </div>
    );
  }
  const status = record.verifiedStatus;
  return (
    <>
      {status === 0 ? (
        <p className="tk-kyc__intro">{t(`verification.intro_${level}`)}</p>
      ) : (
        <StatusLine record={record} />
      )}
      {isEditable(status) ? (
        // A new key per answer: the form restarts from what the server now holds.
        <VerificationFormView
          key={`${status}:${record.realName}:${record.idCard}:${JSON.stringify(record.images)}`}
          level={level}
          model={model}
          record={record}
        />
      ) : (
        <VerifiedData record={record} />
      )}
    </>
  );
}

/**
 * Identity verification of spec §2/§4/§5 at one level: the status, the form to submit or correct (status 0,
 * 1 and 3) and the verified data read-only (2); the reason of a rejection, which arrives live (629007).
 */
export function Verification(props: VerificationProps) {
  const t = useT();
  const level = props.level === 'junior' ? 'junior' : 'advanced';
  return (
    <WidgetRoot name="verification" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-kyc" part="base" data-level={level}>
          <header className="tk-kyc__head" part="header">
            <h2 className="tk-kyc__heading">{t(`verification.title_${level}`)}</h2>
          </header>
          <VerificationBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
