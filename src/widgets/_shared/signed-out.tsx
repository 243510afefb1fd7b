import type { Translate } from './use-t';

/** Props of SignedOut. */
export interface SignedOutProps {
  /** The widget's own prompt, already translated. */
  text: string;
  t: Translate;
  /** The widget's button class (e.g. `tk-wallet__btn`). */
  buttonClass: string;
  /** Leave the primary look to the widget's plain `tk-button`. */
  primary?: boolean;
  onLogin: () => void;
}

/** The prompt a widget that needs a session shows a visitor: its text and a Log in button (`signed-out`). */
export function SignedOut({ text, t, buttonClass, primary = true, onLogin }: SignedOutProps) {
  return (
    <div className="tk-state" part="signed-out">
      <p>{text}</p>
      <button
        type="button"
        className={buttonClass}
        data-variant={primary ? 'primary' : undefined}
        onClick={onLogin}
      >
        {t('nav.login')}
      </button>
    </div>
  );
}
