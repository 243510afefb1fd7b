/**
 * The image captcha that replaces the code when phone registration has SMS verification off (spec §2):
 * `getImageCode` gives an image and a uuid; a new image at most every 3 s (spec §9), else the
 * request-frequency message with the seconds left.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useAuth } from './auth-context';
import { CAPTCHA_MAX, captchaSrc, captchaWait } from './auth.logic';
import { Field } from './field';
import { GetImageCode } from '../../core/contract/auth';

interface CaptchaAnswer {
  image?: string;
  img?: string;
  uuid?: string;
}

/** The loaded captcha and its loader. */
export interface Captcha {
  src: string | null;
  uuid: string | null;
  /** Translated failure or throttle message. */
  message: string | null;
  /** Load a new image; `force` skips the 3 s wait (23555: the server wants a new one). */
  reload: (force?: boolean) => Promise<void>;
}

/** Loads a captcha while `active`. */
export function useCaptcha(active: boolean): Captcha {
  const { platform, t } = useAuth();
  const [image, setImage] = useState<{ src: string; uuid: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const lastLoad = useRef<number | null>(null);

  const reload = useCallback(
    async (force = false) => {
      const wait = captchaWait(lastLoad.current, Date.now());
      if (wait > 0 && !force) {
        setMessage(t('msg.request_frequency', { second: wait }));
        return;
      }
      lastLoad.current = Date.now();
      const result = await platform.api.call(GetImageCode, {}, { silent: true });
      if (!result.ok) return setMessage(result.message);
      // Older servers answer the image as `data`, or as `img` with the uuid beside `data`.
      const answer = result.data as CaptchaAnswer | string | null;
      const data = typeof answer === 'string' ? { image: answer } : (answer ?? {});
      const uuid = data.uuid ?? (typeof result.envelope.uuid === 'string' ? result.envelope.uuid : null);
      const source = data.image ?? data.img;
      if (!source || !uuid) return setMessage(t('code.23554'));
      setImage({ src: captchaSrc(source), uuid });
      setMessage(null);
    },
    [platform, t],
  );

  // Only showing the field loads an image: `reload` changes with `t` (a language switch, code messages
  // arriving), and a new image then would replace the one the user is typing from and skip the 3 s wait.
  const loadOnShow = useEffectEvent(() => void reload(true));
  useEffect(() => {
    if (active) loadOnShow();
  }, [active]);

  return { src: image?.src ?? null, uuid: image?.uuid ?? null, message, reload };
}

/** Props of CaptchaField. */
export interface CaptchaFieldProps {
  id: string;
  captcha: Captcha;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

/** The captcha text input and its image (a button that loads another image). */
export function CaptchaField({ id, captcha, value, onChange, error, disabled }: CaptchaFieldProps) {
  const { t } = useAuth();
  return (
    <Field id={id} label={t('auth.captcha')} error={error ? t(error) : null} hint={captcha.message}>
      {(a11y) => (
        <div className="tk-auth__captcha">
          <input
            {...a11y}
            className="tk-auth__input"
            data-testid="auth-captcha-input"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={CAPTCHA_MAX}
            disabled={disabled}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="tk-auth__captcha-image"
            data-testid="auth-captcha-image"
            part="captcha"
            aria-label={t('auth.captcha_refresh')}
            onClick={() => void captcha.reload()}
          >
            {captcha.src ? <img src={captcha.src} alt={t('auth.captcha_alt')} /> : null}
          </button>
        </div>
      )}
    </Field>
  );
}
