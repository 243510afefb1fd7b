import { useAccount } from './account-context';
import { copyText } from '../_shared/clipboard';
import { Icon } from './icons';
import { useToast } from '../_shared/toast';

/** Copies `text` and confirms with 'Copied to clipboard' (spec §8). */
export function CopyButton({ text }: { text: string }) {
  const { t } = useAccount();
  const toast = useToast();
  return (
    <button
      type="button"
      className="tk-account__icon-btn"
      aria-label={`${t('account.copy')} ${text}`}
      title={t('account.copy')}
      onClick={async () => {
        if (await copyText(text)) toast(t('msg.copied'));
      }}
    >
      <Icon name="copy" size={18} />
    </button>
  );
}
