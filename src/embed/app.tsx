/**
 * The partners' widget configurator (`/embed`, EK3): pick a widget, its attributes and colours, see it live and
 * copy the snippet. Every widget, attribute, event, part and token comes from the widgets' metadata.
 */
import { useEffect, useMemo, useState } from 'react';
import { SUPPORTED_LANGUAGES } from '../core/contract/languages';
import { loadLanguage } from '../core/i18n/i18n';
import type { I18n } from '../core/i18n/i18n';
import type { WidgetMeta } from '../widgets/_shared/widget-meta';
import type { Choice } from './attributes';
import { AttributeFields } from './attribute-field';
import { Preview, type PreviewWidth } from './preview';
import { Reference } from './reference';
import { buildSnippet } from './snippet';
import { SnippetBox } from './snippet-box';
import { TokenFields } from './token-field';
import type { Translate } from './translate';
import { FIRST_WIDGET, WIDGETS } from './widgets';

export interface EmbedAppProps {
  i18n: I18n;
  /** The platform origin the snippet and the preview load the widget from. */
  origin: string;
}

function useTranslation(i18n: I18n): { t: Translate; language: string } {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  // A new function per language, so every field re-renders with the new texts.
  const t = useMemo<Translate>(() => {
    void language;
    return (key, vars) => i18n.t(key, vars);
  }, [i18n, language]);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = t('embed.title');
  }, [language, t]);
  return { t, language };
}

/** Light or dark for the configurator itself (the preview's widget follows its own `theme` attribute). */
function useDarkMode(): [boolean, (dark: boolean) => void] {
  const [dark, setDark] = useState(
    () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  );
  useEffect(() => {
    document.documentElement.dataset.ekTheme = dark ? 'dark' : 'light';
  }, [dark]);
  return [dark, setDark];
}

const metaOf = (tag: string): WidgetMeta => WIDGETS.find((meta) => meta.tag === tag) ?? WIDGETS[0]!;

export function EmbedApp({ i18n, origin }: EmbedAppProps) {
  const { t, language } = useTranslation(i18n);
  const [dark, setDark] = useDarkMode();
  const [tag, setTag] = useState(() => metaOf(FIRST_WIDGET).tag);
  const [choices, setChoices] = useState<Record<string, Choice | undefined>>({});
  const [tokens, setTokens] = useState<Record<string, string | undefined>>({});
  const [width, setWidth] = useState<PreviewWidth>('wide');
  const meta = metaOf(tag);
  const snippet = useMemo(
    () => buildSnippet({ origin, meta, choices, tokens }),
    [origin, meta, choices, tokens],
  );

  const pickWidget = (next: string) => {
    // Another widget has other attributes: start it from its defaults.
    setTag(next);
    setChoices({});
    setTokens({});
  };

  return (
    <div className="ek-root">
      <header className="ek-top">
        <h1 className="ek-top__title">{t('embed.title')}</h1>
        <label className="ek-top__language">
          <span className="ek-sr-only">{t('embed.language')}</span>
          <select
            value={language}
            onChange={(event) => void loadLanguage(i18n, event.target.value).catch(() => undefined)}
            data-testid="ek-language"
          >
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {t(`lang.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="ek-button"
          aria-pressed={dark}
          onClick={() => setDark(!dark)}
          data-testid="ek-dark"
        >
          {t('embed.dark_mode')}
        </button>
      </header>
      <main className="ek-main">
        <section className="ek-controls" aria-label={t('embed.attributes')}>
          <p className="ek-muted">{t('embed.intro')}</p>
          <label className="ek-field">
            <span className="ek-field__label">{t('embed.widget')}</span>
            <select value={tag} onChange={(event) => pickWidget(event.target.value)} data-testid="ek-widget">
              {WIDGETS.map((widget) => (
                <option key={widget.tag} value={widget.tag}>
                  {`<${widget.tag}>`}
                </option>
              ))}
            </select>
            <span className="ek-field__hint" lang="en">
              {meta.summary}
            </span>
          </label>
          <AttributeFields
            key={`attributes-${tag}`}
            meta={meta}
            choices={choices}
            errors={snippet.errors}
            origin={origin}
            t={t}
            onChange={(name, value) => setChoices((now) => ({ ...now, [name]: value }))}
          />
          <TokenFields
            key={`tokens-${tag}`}
            meta={meta}
            theme={choices.theme}
            tokens={tokens}
            errors={snippet.errors}
            t={t}
            onChange={(name, value) => setTokens((now) => ({ ...now, [name]: value }))}
          />
        </section>
        <section className="ek-output" aria-label={t('embed.preview')}>
          <Preview
            meta={meta}
            origin={origin}
            attributes={snippet.attributes}
            tokens={snippet.tokens}
            width={width}
            onWidth={setWidth}
            t={t}
          />
          <SnippetBox text={snippet.text} t={t} />
          <Reference meta={meta} t={t} />
        </section>
      </main>
    </div>
  );
}
