import { describe, expect, it } from 'vitest';
import { formProblems, initialForm, isEditable, levelOffered, maskedId, metaOf } from './verification.logic';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const filled = { ...initialForm(null), realName: 'Ada', idCard: '123' };

describe('verification rules', () => {
  it('offers each level by its brand switch (showVerified, user/juniorVerified)', () => {
    const configs = [
      { name: 'user/juniorVerified', enable: true },
      { name: 'showVerified', enable: false },
    ];
    expect(levelOffered(configs, 'junior')).toBe(true);
    expect(levelOffered(configs, 'advanced')).toBe(false);
    expect(levelOffered(undefined, 'junior')).toBe(false);
  });

  it('lets the trader submit only in statuses 0, 1 and 3 (spec §4)', () => {
    expect([0, 1, 2, 3].map((s) => isEditable(s as 0 | 1 | 2 | 3))).toEqual([true, true, false, true]);
  });

  it('requires a trimmed name and number; the email only where the brand asks for one', () => {
    const blank = { ...initialForm(null), realName: '  ', idCard: '' };
    expect(formProblems(blank, 'junior', { twoTypes: true, authEmail: true })).toEqual({
      realName: 'verification.p_t_real_name',
      idCard: 'verification.p_t_id_card',
    });
    const images = { cardImgFront: file('a'), cardImgReverse: file('b'), cardImgAvatar: file('c') };
    expect(formProblems({ ...filled, images }, 'advanced', { twoTypes: false, authEmail: false })).toEqual(
      {},
    );
    expect(
      formProblems({ ...filled, images, authEmail: 'ada@' }, 'advanced', {
        twoTypes: false,
        authEmail: true,
      }),
    ).toEqual({ authEmail: 'form.wrong_email' });
  });

  it('requires each photo unless one was submitted before', () => {
    const flags = { twoTypes: false, authEmail: false };
    expect(Object.keys(formProblems(filled, 'advanced', flags))).toEqual([
      'cardImgFront',
      'cardImgReverse',
      'cardImgAvatar',
    ]);
    const kept = { cardImgFront: '/a', cardImgReverse: '/b', cardImgAvatar: null };
    expect(formProblems(filled, 'advanced', flags, kept)).toEqual({
      cardImgAvatar: 'verification.p_u_id_card_avatar',
    });
  });

  it('sends the id type and email only on brands that have them', () => {
    const form = { ...filled, idType: 2 as const, authEmail: ' ada@example.com ' };
    expect(metaOf(form, { twoTypes: false, authEmail: false }, 'th')).toEqual({
      realName: 'Ada',
      idCard: '123',
      locale: 'th',
    });
    expect(metaOf(form, { twoTypes: true, authEmail: true }, 'en')).toMatchObject({
      idType: 2,
      authEmail: 'ada@example.com',
    });
  });

  it('shows back only the last 4 characters of a number', () => {
    expect(maskedId('X12345678')).toBe('•••••5678');
    expect(maskedId('123')).toBe('123');
  });
});
