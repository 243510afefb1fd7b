import { useEffect } from 'react';
import { formatFigure, type WithdrawalFee } from '../../core/domain/standards';
import type { Translate } from '../_shared/use-t';
import { isConfigOn, VIEW_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { PageHeader } from './parts';
import { STANDARDS_CURRENCY, useStandardsFigures } from './use-standards-figures';

/** The brand flag that offers the standards page (spec §2 "standards (if configured)", §6 feature flags). */
export const STANDARDS_FLAG = 'user/standards';

/** Reach and range figures of our own text (not platform data): countries served and assets offered. */
const COUNTRIES = '183';
const ASSETS = '6000';

function feeText(t: Translate, fee: WithdrawalFee, language: string): string {
  if (fee.kind === 'fixed') return `${formatFigure(fee.amount, language)} ${STANDARDS_CURRENCY}`;
  if (fee.kind === 'percent') return `${formatFigure(fee.rate, language)} %`;
  return t('account.standards.fee_none');
}

/** The fees block: trading fee, the withdrawal fee with its limits, free transfers (spec §2, §9). */
function Fees() {
  const { t, platform } = useAccount();
  const { loading, tradingFee, withdrawal, withdrawalFee } = useStandardsFigures();
  const lang = platform.i18n.language;
  if (loading)
    return (
      <p className="tk-state" role="status">
        {t('app.loading')}
      </p>
    );
  return (
    <ul className="tk-account__standards-facts" data-testid="standards-fees">
      <li data-testid="standards-trading-fee">
        {tradingFee
          ? t('account.standards.fee_trading', { rate: `${formatFigure(tradingFee, lang)} %` })
          : t('account.standards.fee_trading_form')}
      </li>
      <li data-testid="standards-withdrawal-fee">
        {withdrawal && withdrawalFee
          ? t('account.standards.fee_withdrawal', {
              fee: feeText(t, withdrawalFee, lang),
              min: formatFigure(withdrawal.min, lang),
              max: formatFigure(withdrawal.max, lang),
              currency: STANDARDS_CURRENCY,
            })
          : t('account.standards.fee_withdrawal_form')}
      </li>
      <li>{t('account.standards.fee_transfer')}</li>
    </ul>
  );
}

/**
 * The standards page (spec §2 Standards): fees from the platform's own settings, regulation, reach, assets
 * and awards, in our own words. Only on brands with the standards flag; elsewhere it leads to the menu.
 */
export function Standards() {
  const { t, config, systemConfig, navigate, back, platform } = useAccount();
  const offered = isConfigOn(systemConfig, STANDARDS_FLAG);
  useEffect(() => {
    if (systemConfig && !offered) navigate(VIEW_PATHS.menu);
  }, [systemConfig, offered, navigate]);
  if (!offered) return null;
  const lang = platform.i18n.language;
  const sections = [
    ['regulation', {}],
    ['reach', { countries: formatFigure(COUNTRIES, lang) }],
    ['assets', { assets: formatFigure(ASSETS, lang) }],
    ['awards', {}],
  ] as const;
  return (
    <div className="tk-account__page" data-view="standards">
      <PageHeader
        title={t('account.standards.title')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.menu) : undefined}
      />
      <article className="tk-account__policy tk-account__standards" part="standards">
        <p className="tk-account__lead">{t('account.standards.intro', { brand: config.brand.name })}</p>
        <section>
          <h2>{t('account.standards.fees_title')}</h2>
          <Fees />
        </section>
        {sections.map(([key, values]) => (
          <section key={key} data-testid={`standards-${key}`}>
            <h2>{t(`account.standards.${key}_title`)}</h2>
            <p>{t(`account.standards.${key}_text`, { ...values, brand: config.brand.name })}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
