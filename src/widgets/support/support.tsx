/**
 * <tk-support>: the live chat with the brand's operators (issue #21). A signed-in trader sees the conversation
 * at once; a visitor gives a contact email first (the server binds the conversation to an HttpOnly cookie).
 * Messages arrive live over the socket; a closed conversation says so and offers a new one.
 */
import { useState } from 'react';
import { SUPPORT_EMAIL_MAX } from '../../core/contract/support';
import { useT } from '../_shared/use-t';
import type { Translate } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { Composer } from './support-composer';
import { Messages } from './support-messages';
import { SUPPORT_CSS as css } from './styles';
import { useSupport, type SupportState } from './use-support';

/** Props of <Support>: the attributes of <tk-support>. */
export interface SupportProps {
  theme?: 'light' | 'dark';
}

function EmailStep({ t, support }: { t: Translate; support: SupportState }) {
  const [email, setEmail] = useState('');
  return (
    <form
      className="tk-support__email"
      part="email"
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim()) void support.startVisitor(email.trim());
      }}
    >
      <p>{t('support.email_intro')}</p>
      <label className="tk-cash-label" htmlFor="tk-support-email">
        {t('support.email_label')}
      </label>
      <input
        id="tk-support-email"
        className="tk-cash-input"
        type="email"
        autoComplete="email"
        required
        maxLength={SUPPORT_EMAIL_MAX}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      {support.error ? (
        <p className="tk-support__error" role="alert">
          {support.error}
        </p>
      ) : null}
      <button type="submit" className="tk-cash-btn" data-variant="primary" disabled={support.busy}>
        {t('support.start')}
      </button>
    </form>
  );
}

function Chat({ t, support }: { t: Translate; support: SupportState }) {
  const [fresh, setFresh] = useState(false);
  const conversation = support.thread.conversation;
  const closed = conversation?.status === 'closed' && !fresh;
  return (
    <>
      <Messages
        thread={support.thread}
        caller={support.caller}
        t={t}
        onResend={(clientId) => void support.resend(clientId)}
      />
      {support.error ? (
        <p className="tk-support__error" role="alert">
          {support.error}
        </p>
      ) : null}
      {closed ? (
        <div className="tk-support__closed" part="closed" data-testid="support-closed">
          <p>{t('support.closed')}</p>
          <button type="button" className="tk-cash-btn" data-variant="primary" onClick={() => setFresh(true)}>
            {t('support.new_conversation')}
          </button>
        </div>
      ) : (
        <Composer
          t={t}
          onSend={async (text, image) => {
            await support.send(text, image);
            setFresh(false);
          }}
        />
      )}
    </>
  );
}

function SupportBody() {
  const t = useT();
  const support = useSupport();
  if (support.phase === 'loading')
    return (
      <p className="tk-state" role="status">
        {t('app.loading')}
      </p>
    );
  if (support.phase === 'error')
    return (
      <p className="tk-state" role="alert">
        {t('support.load_failed')}
      </p>
    );
  if (support.phase === 'email') return <EmailStep t={t} support={support} />;
  return <Chat t={t} support={support} />;
}

/** The live support chat of the caller (trader or visitor). */
export function Support(props: SupportProps) {
  const t = useT();
  return (
    <WidgetRoot name="support" css={css} theme={props.theme}>
      <section className="tk-support" part="base" aria-label={t('support.title')} data-testid="support-chat">
        <SupportBody />
      </section>
    </WidgetRoot>
  );
}
