/** The top bar's operator part: who is signed in with which roles, "Change password" (BO13) and "Sign out". */
import type { OperatorSession } from '../core/contract/backoffice';
import type { Translate } from './context';

export function OperatorBar({
  operator,
  t,
  onChangePassword,
  onSignOut,
}: {
  operator: OperatorSession['operator'];
  t: Translate;
  /** Offered once the operator works (not during the first password's step). */
  onChangePassword?: () => void;
  onSignOut: () => void;
}) {
  return (
    <span className="bo-top__operator" data-testid="bo-operator">
      <span>{operator.name}</span>
      <span className="bo-muted">
        {t('backoffice.top.roles')}: {operator.roles.map((role) => t(`backoffice.role.${role}`)).join(', ')}
      </span>
      {onChangePassword ? (
        <button
          type="button"
          className="bo-button"
          onClick={onChangePassword}
          data-testid="bo-change-password"
        >
          {t('backoffice.top.change_password')}
        </button>
      ) : null}
      <button type="button" className="bo-button" onClick={onSignOut} data-testid="bo-sign-out">
        {t('backoffice.top.sign_out')}
      </button>
    </span>
  );
}
