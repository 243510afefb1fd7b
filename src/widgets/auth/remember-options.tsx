/** The "remember account" and "remember password" checkboxes (the latter only where supported). */
import { useAuth } from './auth-context';

/** Which remember options are ticked. */
export interface RememberChoice {
  account: boolean;
  password: boolean;
}

/** The two checkboxes; remembering the password implies remembering the account. */
export function RememberOptions({
  value,
  onChange,
}: {
  value: RememberChoice;
  onChange: (v: RememberChoice) => void;
}) {
  const { t, session } = useAuth();
  return (
    <div className="tk-auth__remember">
      <label className="tk-auth__check">
        <input
          type="checkbox"
          data-testid="auth-remember-account"
          checked={value.account}
          onChange={(e) =>
            onChange({ account: e.target.checked, password: e.target.checked && value.password })
          }
        />
        {t('auth.remember_account')}
      </label>
      {session.remember.passwordSupported() ? (
        <label className="tk-auth__check">
          <input
            type="checkbox"
            data-testid="auth-remember-password"
            checked={value.password}
            onChange={(e) =>
              onChange({ account: value.account || e.target.checked, password: e.target.checked })
            }
          />
          {t('auth.remember_password')}
        </label>
      ) : null}
    </div>
  );
}
