// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../core/contract/languages';
import { KYC_IMAGE_MAX_BYTES } from '../../core/contract/kyc';
import { loadLanguage } from '../../core/i18n/i18n';
import { imageLimitText, MAX_IMAGE_BYTES } from '../../core/media/image-rules';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { advancedAnswer, BOTH_LEVELS, juniorAnswer, renderVerification } from './verification.fixture';

let view: RenderedWidget | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const field = (name: string) => screen.getByTestId(`kyc-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const png = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });
/** Picks `file` for `part` and waits until it is prepared (a preview) or refused (a message). */
const pick = async (part: string, file: File) => {
  const input = screen.getByTestId(`kyc-file-${part}`) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  const box = input.closest('[part="image"]');
  const picker = screen.getByTestId<HTMLButtonElement>(`kyc-pick-${part}`);
  // The picker stays disabled while the photo is prepared (its image code loads on the first pick); a message
  // from an earlier submit may already be in the box, so the wait is for the preparing to end as well.
  await waitFor(() => {
    expect(picker.disabled).toBe(false);
    expect(box?.querySelector('img, [role="alert"]')).not.toBeNull();
  });
};
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('kyc-submit'));
  });
};
const calls = (path: string) => view?.h.callsTo(path).map((c) => c.body) ?? [];

describe('<Verification>', () => {
  it('asks a visitor to sign in, back to its own level', async () => {
    const onNavigate = vi.fn();
    view = await renderVerification({ level: 'junior', onNavigate }, { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/juniorVerified' });
  });

  it('says a level the brand does not offer is not offered and asks nothing', async () => {
    view = await renderVerification(
      { level: 'junior' },
      { systemConfigs: [{ name: 'showVerified', enable: true }] },
    );
    expect(await screen.findByText('This verification is not offered.')).toBeTruthy();
    expect(calls('waa/user/first/auth')).toHaveLength(0);
  });

  it('junior: requires name and number, sends them trimmed, then shows the review status', async () => {
    view = await renderVerification(
      { level: 'junior' },
      {
        handlers: {
          'waa/user/first/auth/submit': (body) =>
            juniorAnswer({ realName: body.realName, idCard: body.idCard, verifiedStatus: 1 }),
        },
      },
    );
    await screen.findByText('Enter your legal name and the number of your identity document.');
    expect(screen.queryByTestId('kyc-file-cardImgFront')).toBeNull();
    await submit();
    expect(screen.getByText('Please enter your real name')).toBeTruthy();
    expect(screen.getByText('Please enter your ID number')).toBeTruthy();
    expect(calls('waa/user/first/auth/submit')).toHaveLength(0);
    type('realName', '  Ada Lovelace ');
    type('idCard', ' X1234567 ');
    await submit();
    expect(calls('waa/user/first/auth/submit')).toEqual([
      { realName: 'Ada Lovelace', idCard: 'X1234567', locale: 'en' },
    ]);
    expect((await screen.findByTestId('kyc-status')).textContent).toContain('Under review');
    // Status 1 stays editable (spec §4), filled with what was sent.
    expect(field('realName').value).toBe('Ada Lovelace');
  });

  it('advanced: asks for the three photos at status 0 and sends them with the brand’s fields', async () => {
    view = await renderVerification(
      { level: 'advanced' },
      {
        systemConfigs: [
          ...BOTH_LEVELS,
          { name: 'twoTypeVerified', enable: true },
          { name: 'addVerifiedEmail', enable: true },
        ],
        handlers: { 'waa/user/auth/submit': () => advancedAnswer({ verifiedStatus: 1 }) },
      },
    );
    await screen.findByTestId('kyc-idType');
    type('realName', 'Ada Lovelace');
    type('idCard', 'P998877');
    type('authEmail', 'not-an-email');
    await submit();
    for (const text of [
      'Please enter a valid email address',
      'Please add a photo of the front of the document',
      'Please add a photo of the back of the document',
      'Please add a selfie holding the document',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(calls('waa/user/auth/submit')).toHaveLength(0);
    fireEvent.change(field('idType'), { target: { value: '1' } });
    type('authEmail', 'ada@example.com');
    await pick('cardImgFront', png('front.png'));
    await pick('cardImgReverse', png('back.png'));
    await pick('cardImgAvatar', png('selfie.png'));
    expect(screen.getByTestId('kyc-preview-cardImgFront')).toBeTruthy();
    await submit();
    const [sent] = calls('waa/user/auth/submit');
    expect((sent?.cardImgFront as File).name).toBe('front.png');
    expect((sent?.cardImgReverse as File).name).toBe('back.png');
    expect((sent?.cardImgAvatar as File).name).toBe('selfie.png');
    expect(JSON.parse(String(sent?.metaData))).toEqual({
      realName: 'Ada Lovelace',
      idCard: 'P998877',
      idType: 1,
      authEmail: 'ada@example.com',
      locale: 'en',
    });
    expect((await screen.findByTestId('kyc-status')).textContent).toContain('Under review');
  });

  it('advanced without the brand switches: no document type, no email in the form or the metaData', async () => {
    view = await renderVerification(
      { level: 'advanced' },
      { handlers: { 'waa/user/auth/submit': () => advancedAnswer({ verifiedStatus: 1 }) } },
    );
    await screen.findByTestId('kyc-realName');
    expect(screen.queryByTestId('kyc-idType')).toBeNull();
    expect(screen.queryByTestId('kyc-authEmail')).toBeNull();
    type('realName', 'Ada');
    type('idCard', '123');
    for (const part of ['cardImgFront', 'cardImgReverse', 'cardImgAvatar'])
      await pick(part, png(`${part}.jpg`));
    await submit();
    expect(JSON.parse(String(calls('waa/user/auth/submit')[0]?.metaData))).toEqual({
      realName: 'Ada',
      idCard: '123',
      locale: 'en',
    });
  });

  it('refuses a photo above 10 MB and one of another type before anything is sent', async () => {
    view = await renderVerification({ level: 'advanced' });
    await screen.findByTestId('kyc-realName');
    await pick('cardImgFront', png('huge.png', 10 * 1024 * 1024 + 1));
    expect(screen.getByText('Image upload limit exceeded')).toBeTruthy();
    expect(screen.queryByTestId('kyc-preview-cardImgFront')).toBeNull();
    await pick('cardImgReverse', new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(/Illegal image extension.*heic, jpg, jpeg, png/)).toBeTruthy();
  });

  it('names the one upload limit in every language and refuses a photo above it in each (9.11.3)', async () => {
    view = await renderVerification({ level: 'advanced' });
    await screen.findByTestId('kyc-realName');
    const i18n = view.h.platform.i18n;
    const englishRefusal = i18n.t('msg.image_limit');
    expect(KYC_IMAGE_MAX_BYTES).toBe(MAX_IMAGE_BYTES);
    for (const language of SUPPORTED_LANGUAGES) {
      await act(() => loadLanguage(i18n, language));
      const limit = imageLimitText(language);
      expect(limit).toMatch(/^10\s?M/);
      // Intl writes the space of "10 Mo" as a no-break one, which Testing Library's text matching would collapse.
      const hint = view.container.querySelector('.tk-kyc__hint');
      expect(hint?.textContent).toContain(limit);
      expect(hint?.textContent).not.toContain('{{');
      if (language !== 'en') expect(hint?.textContent).not.toContain('up to');
      await pick('cardImgFront', png('huge.png', MAX_IMAGE_BYTES + 1));
      const refusal = i18n.t('msg.image_limit');
      if (language !== 'en') expect(refusal).not.toBe(englishRefusal);
      expect(screen.getByRole('alert').textContent).toBe(refusal);
      expect(screen.queryByTestId('kyc-preview-cardImgFront')).toBeNull();
    }
  });

  it('failed: shows the operator’s reason and resubmits, keeping the photos already sent', async () => {
    const images = {
      cardImgFront: 'https://platform.test/v1/waa/user/auth/image/a.png',
      cardImgReverse: 'https://platform.test/v1/waa/user/auth/image/b.png',
      cardImgAvatar: 'https://platform.test/v1/waa/user/auth/image/c.png',
    };
    view = await renderVerification(
      { level: 'advanced' },
      {
        handlers: {
          'waa/user/auth': () =>
            advancedAnswer({
              realName: 'Ada',
              idCard: '123',
              verifiedStatus: 3,
              reason: 'Blurred photo',
              ...images,
            }),
          'waa/user/auth/submit': () =>
            advancedAnswer({ realName: 'Ada', idCard: '124', verifiedStatus: 1, ...images }),
        },
      },
    );
    const status = await screen.findByTestId('kyc-status');
    expect(status.textContent).toContain('Failed');
    expect(status.textContent).toContain('Authentication failed. Please reapply');
    expect(screen.getByTestId('kyc-reason').textContent).toBe('Reason: Blurred photo');
    type('idCard', '124');
    await pick('cardImgFront', png('sharper.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    await waitFor(() => expect(calls('waa/user/auth/submit')).toHaveLength(1));
    const [sent] = calls('waa/user/auth/submit');
    expect(Object.keys(sent ?? {}).sort()).toEqual(['cardImgFront', 'metaData']);
    expect((await screen.findByTestId('kyc-status')).textContent).toContain('Under review');
  });

  it('verified: shows the data read-only with the number mostly hidden', async () => {
    view = await renderVerification(
      { level: 'advanced' },
      {
        handlers: {
          'waa/user/auth': () => advancedAnswer({ realName: 'Ada', idCard: 'X12345678', verifiedStatus: 2 }),
        },
      },
    );
    const data = await screen.findByTestId('kyc-verified');
    expect(data.textContent).toContain('Ada');
    expect(data.textContent).toContain('5678');
    expect(data.textContent).not.toContain('X1234');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
  });

  it('shows the catalogue text of a refusal (1014), never the raw answer', async () => {
    view = await renderVerification(
      { level: 'junior' },
      { handlers: { 'waa/user/first/auth/submit': () => ({ code: 1014, msg: 'wrong real-name status' }) } },
    );
    await screen.findByTestId('kyc-realName');
    type('realName', 'Ada');
    type('idCard', '123');
    await submit();
    await waitFor(() =>
      expect(document.querySelector('[part="toast"]')?.textContent).toMatch(
        /Incorrect real-name verification status/,
      ),
    );
    expect(document.querySelector('[part="toast"]')?.textContent).not.toContain('wrong real-name status');
  });
});
