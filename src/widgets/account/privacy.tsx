import { VIEW_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { PageHeader } from './parts';
import { PRIVACY_EFFECTIVE_LINE, privacySections } from './privacy-text';

/** The privacy policy (spec §2): static English text; the contact part only with a service e-mail. */
export function Privacy() {
  const { t, config, navigate, back } = useAccount();
  const sections = privacySections(config.brand.name, config.support.email);
  return (
    <div className="tk-account__page" data-view="privacy">
      <PageHeader
        title={t('account.privacy')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.account) : undefined}
      />
      <article className="tk-account__policy" lang="en" part="policy">
        <p className="tk-account__hint">{PRIVACY_EFFECTIVE_LINE}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {section.bullets ? (
              <ul>
                {section.bullets.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </div>
  );
}
