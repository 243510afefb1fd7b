/** The title row of the auth screens: title, language picker and customer-service shortcut. */
import { useId } from 'react';
import { loadLanguage } from '../../core/i18n/i18n';
import { useAtomValue } from '../_shared/store-react';
import { useAuth } from './auth-context';

/** Title plus the language picker (brand languages) and the customer-service button. */
export function AuthHeader({ title }: { title: string }) {
  const { platform, session, t, locale, navigate } = useAuth();
  const config = useAtomValue(platform.atoms.config);
  const languages = config?.brand.languages ?? [];
  const id = useId();

  const choose = (code: string) => {
    session.storage.set('language', code);
    void loadLanguage(platform.i18n, code).catch((error: unknown) => console.warn('[tradekit]', error));
  };

  return (
    <header className="tk-auth__header" part="header">
      <h2 className="tk-auth__title">{title}</h2>
      <div className="tk-auth__tools">
        {languages.length > 1 ? (
          <>
            <label htmlFor={`${id}-lang`} className="tk-visually-hidden">
              {t('auth.language')}
            </label>
            <select
              id={`${id}-lang`}
              className="tk-auth__select"
              data-testid="auth-language"
              part="language"
              value={locale}
              onChange={(e) => choose(e.target.value)}
            >
              {languages.map((code) => (
                <option key={code} value={code} lang={code}>
                  {t(`lang.${code}`)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button
          type="button"
          className="tk-auth__service"
          data-testid="auth-service"
          part="service"
          onClick={() => navigate('/user/service')}
        >
          {t('nav.service')}
        </button>
      </div>
    </header>
  );
}
