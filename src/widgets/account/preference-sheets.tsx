import { useAccount } from './account-context';
import { Sheet } from './sheet';

/** The language drawer: the brand's languages, each in its own script. */
export function LanguageSheet({ onClose }: { onClose: () => void }) {
  const { t, config, platform, setPreference } = useAccount();
  const current = platform.i18n.language;
  return (
    <Sheet title={t('desktop.language')} onClose={onClose} part="language-drawer">
      <div className="tk-account__choices" role="radiogroup" aria-label={t('desktop.language')}>
        {config.brand.languages.map((code) => (
          <button
            key={code}
            type="button"
            role="radio"
            lang={code}
            className="tk-account__choice"
            aria-checked={code === current}
            data-autofocus={code === current || undefined}
            onClick={() => {
              if (code !== current) setPreference({ language: code });
              onClose();
            }}
          >
            {t(`lang.${code}`)}
          </button>
        ))}
      </div>
    </Sheet>
  );
}

/** The theme drawer: the up/down colour pairs the page offers. */
export function ThemeSheet({ onClose }: { onClose: () => void }) {
  const { t, colorSchemes, colorScheme, setPreference } = useAccount();
  const label = t('desktop.theme_colors');
  return (
    <Sheet title={label} onClose={onClose} part="theme-drawer">
      <div className="tk-account__choices" role="radiogroup" aria-label={label}>
        {colorSchemes.map((scheme, i) => (
          <button
            key={scheme.id}
            type="button"
            role="radio"
            className="tk-account__choice"
            aria-checked={scheme.id === (colorScheme ?? colorSchemes[0]?.id)}
            onClick={() => {
              setPreference({ colorScheme: scheme.id });
              onClose();
            }}
          >
            <span className="tk-account__swatch" style={{ background: scheme.up }} aria-hidden="true">
              ▲
            </span>
            <span className="tk-account__swatch" style={{ background: scheme.down }} aria-hidden="true">
              ▼
            </span>
            {`${label} ${i + 1}`}
          </button>
        ))}
      </div>
    </Sheet>
  );
}
