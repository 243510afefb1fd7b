/** The 'only trust app' part of a brand's form (BA1, BE9): off, or the app's user-agent token and its address. */
import { APP_TOKEN_MAX, BRAND_URL_MAX, type EditableBrandSettings } from '../core/contract/brand-admin';
import { BRANDS_KEYS as K, FieldError, fieldId, invalidProps } from './brands-fields';
import type { FormProps } from './brands-form';
import { useBackoffice } from './context';

/** 'Only trust app' (BA1): off, or the app's user-agent token and where the app is got. */
export function TrustedApp({ draft, onChange, problems }: Omit<FormProps, 'images'>) {
  const { t } = useBackoffice();
  const app = draft.settings.trustedApp;
  const set = (trustedApp: EditableBrandSettings['trustedApp']) =>
    onChange({ ...draft, settings: { ...draft.settings, trustedApp } });
  return (
    <fieldset className="bo-brand__group">
      <legend>{t(`${K}.trusted_app`)}</legend>
      <label className="bo-brand__check">
        <input
          type="checkbox"
          checked={app !== null}
          onChange={(event) => set(event.target.checked ? { userAgent: '', url: '' } : null)}
          data-testid="bo-brand-trusted-app"
        />
        <span>{t(`${K}.trusted_app_on`)}</span>
      </label>
      {app ? (
        <>
          <label className="bo-field">
            <span>{t(`${K}.trusted_app_token`)}</span>
            <input
              id={fieldId('settings.trustedApp.userAgent')}
              value={app.userAgent}
              maxLength={APP_TOKEN_MAX}
              spellCheck={false}
              onChange={(event) => set({ ...app, userAgent: event.target.value.trim() })}
              data-testid="bo-brand-trusted-app-token"
              {...invalidProps(problems, 'settings.trustedApp.userAgent')}
            />
            <small>{t(`${K}.trusted_app_token_hint`)}</small>
            <FieldError problems={problems} field="settings.trustedApp.userAgent" />
          </label>
          <label className="bo-field">
            <span>{t(`${K}.trusted_app_url`)}</span>
            <input
              id={fieldId('settings.trustedApp.url')}
              type="url"
              value={app.url}
              maxLength={BRAND_URL_MAX}
              spellCheck={false}
              onChange={(event) => set({ ...app, url: event.target.value.trim() })}
              data-testid="bo-brand-trusted-app-url"
              {...invalidProps(problems, 'settings.trustedApp.url')}
            />
            <FieldError problems={problems} field="settings.trustedApp.url" />
          </label>
        </>
      ) : null}
    </fieldset>
  );
}
