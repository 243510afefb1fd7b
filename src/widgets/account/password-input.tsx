import { useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { LIMITS } from './account.logic';
import { Icon } from './icons';

/** A password input with a show/hide button (max 140 characters, spec §9). */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="tk-account__password">
      <input
        {...rest}
        className="tk-account__input"
        type={shown ? 'text' : 'password'}
        maxLength={LIMITS.passwordMax}
      />
      <button
        type="button"
        className="tk-account__icon-btn tk-account__reveal"
        aria-label={shown ? hideLabel : showLabel}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
      </button>
    </span>
  );
}
