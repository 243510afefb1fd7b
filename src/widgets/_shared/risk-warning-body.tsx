/**
 * What RiskWarning loads when it first shows: the standard text (namespace `risk-warning`, loaded in the page's
 * language), its CSS, and the figure (`wa-na/risk/lossShare`), asked once per page and platform. Until the
 * figure arrives, when the server has none (too few accounts, RW3) or when the call fails, the warning shows
 * without the sentence that carries it: the rest of the warning is never held back.
 */
import { useEffect, useState } from 'react';
import english from '../../core/i18n/locales/en/risk-warning.json';
import type { LocaleFiles } from '../../core/i18n/i18n';
import riskWarningCss from './risk-warning.css?inline';
import { usePlatform } from './platform-context';
import { askLossPercent, knownLossPercent } from './risk-figure';
import { useStrings } from './use-strings';
import { useT } from './use-t';
import { usePartCss } from './widget-host';

const STRINGS: LocaleFiles = {
  english: { 'risk-warning': english },
  languages: () => import('./risk-warning.locales'),
};

/** The warning's text and figure. */
export default function RiskWarningBody({ placement }: { placement: 'form' | 'page' }) {
  const platform = usePlatform();
  usePartCss('risk-warning', riskWarningCss);
  const ready = useStrings(platform.i18n, STRINGS);
  const t = useT();
  // A figure the page already has (the start-up asked for it: EK71) is in the first render.
  const [percent, setPercent] = useState<string | null>(() => knownLossPercent(platform) ?? null);
  useEffect(() => {
    let live = true;
    void askLossPercent(platform).then((value) => {
      if (live) setPercent(value);
    });
    return () => {
      live = false;
    };
  }, [platform]);
  if (!ready) return null;
  const sentences = [
    t('risk_warning.complex'),
    percent === null ? null : t('risk_warning.share', { percent }),
    t('risk_warning.consider'),
  ].filter((sentence): sentence is string => sentence !== null);
  // Sentences are set apart by a space, except after a full-width stop (Chinese and Japanese write none).
  return (
    <aside
      className="tk-risk-warning"
      data-placement={placement}
      aria-label={t('risk_warning.label')}
      part="risk-warning"
      data-testid="risk-warning"
      data-percent={percent ?? undefined}
    >
      <strong className="tk-risk-warning__label">{t('risk_warning.label')}: </strong>
      {sentences.reduce(
        (text, next) => (text === '' || text.endsWith('。') ? text + next : `${text} ${next}`),
        '',
      )}
    </aside>
  );
}
