import { useRef } from 'react';
import { IMAGE_ACCEPT, IMAGE_ERROR_KEYS, IMAGE_EXTENSIONS } from '../../core/media/image-rules';
import { prepareImage } from '../../core/media/prepare-image';
import { useAccount } from './account-context';
import { Icon } from './icons';
import { Sheet } from './sheet';
import { useToast } from '../_shared/toast';

/** Props of AvatarPicker. */
export interface AvatarPickerProps {
  onPicked: (file: File) => void;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

/**
 * The avatar source drawer: camera (after the notice to allow the native camera, spec §5) or a picture
 * file. The file is checked, converted and compressed (core/media) before it is handed back.
 */
export function AvatarPicker({ onPicked, onBusy, onClose }: AvatarPickerProps) {
  const { t } = useAccount();
  const toast = useToast();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    onBusy(true);
    const result = await prepareImage(file);
    onBusy(false);
    onClose();
    if (result.ok) return onPicked(result.file);
    const text = t(IMAGE_ERROR_KEYS[result.reason]);
    toast(result.reason === 'extension' ? `${text}: ${IMAGE_EXTENSIONS.join(', ')}` : text, 'error');
  };

  return (
    <Sheet title={t('account.change_avatar')} onClose={onClose} part="avatar-drawer">
      <div className="tk-account__choices">
        <button
          type="button"
          className="tk-account__choice"
          data-autofocus
          onClick={() => {
            toast(t('msg.camera_notice'));
            camera.current?.click();
          }}
        >
          <Icon name="camera" /> {t('account.take_photo')}
        </button>
        <button type="button" className="tk-account__choice" onClick={() => album.current?.click()}>
          <Icon name="image" /> {t('account.choose_image')}
        </button>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="user"
        hidden
        data-testid="avatar-camera"
        onChange={(e) => void onFile(e.currentTarget)}
      />
      <input
        ref={album}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="avatar-file"
        onChange={(e) => void onFile(e.currentTarget)}
      />
    </Sheet>
  );
}
