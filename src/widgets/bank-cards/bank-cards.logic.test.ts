import { describe, expect, it } from 'vitest';
import {
  BANK_CARD_PATHS,
  EMPTY_FORM,
  bankCodeChoices,
  cardPayload,
  maskedAccount,
  screenOf,
  showsBankInfo,
  typedLast4,
  validateCard,
} from './bank-cards.logic';

const filled = { ...EMPTY_FORM, bankName: 'Barclays', name: 'Ada', account: '12345678' };

describe('bank card rules', () => {
  it.each([
    [{}, ['bankName', 'name', 'account']],
    [{ bankName: 'B' }, ['name', 'account']],
    [{ bankName: ' ', name: 'A', account: '1' }, ['bankName']],
    [{ bankName: 'B', name: 'A', account: '1' }, []],
  ])('requires bank name, payee name and account: %j', (values, fields) => {
    expect(Object.keys(validateCard({ ...EMPTY_FORM, ...values }, null)).sort()).toEqual([...fields].sort());
  });

  it('names the §5 message keys', () => {
    expect(validateCard(EMPTY_FORM, null)).toEqual({
      bankName: 'bank_cards.p_t_bank_name',
      name: 'bank_cards.p_t_payee_name',
      account: 'bank_cards.p_t_bank_account',
    });
  });

  it('refuses a typed phone that is not valid, and accepts an empty one', () => {
    expect(validateCard({ ...filled, phoneNational: '12' }, null)).toEqual({
      phoneNational: 'bank_cards.wrong_phone',
    });
    expect(validateCard({ ...filled, phoneNational: '' }, null)).toEqual({});
    expect(validateCard({ ...filled, phoneNational: '20 7946 0958' }, '442079460958')).toEqual({});
  });

  it.each([
    ['Canada', '', '', true],
    ['ca', '', '', true],
    ['GB', '', '', false],
    ['GB', '001', '', true],
    ['', '', '12345', true],
  ])('bank info fields for country %s (ins %s, tra %s): %s', (bankCountry, insNum, traNum, shown) => {
    expect(showsBankInfo({ bankCountry, insNum, traNum })).toBe(shown);
  });

  it('encodes the personal fields only, trims, and leaves empty ones empty', () => {
    const payload = cardPayload(
      { ...filled, name: ' Ada ', address: '', idNumber: 'X1', bankCountry: 'GB', insNum: '001' },
      '442079460958',
      (plain) => `enc(${plain})`,
    );
    expect(payload).toEqual({
      bankName: 'Barclays',
      bankCode: '',
      bankAddress: '',
      swiftCode: '',
      branchCode: '',
      bankCountry: 'GB',
      accountType: '',
      postCode: '',
      insNum: '001',
      traNum: '',
      name: 'enc(Ada)',
      account: 'enc(12345678)',
      address: '',
      idNumber: 'enc(X1)',
      phoneNumber: 'enc(+442079460958)',
    });
  });

  it('masks the account to its last 4 and builds the edit path', () => {
    expect(maskedAccount('5555')).toBe('**** 5555');
    expect(BANK_CARD_PATHS.edit('12')).toBe('/user/wallet/editBankCard?id=12');
  });
});

describe('screens and choices', () => {
  it.each([
    ['/user/wallet/bankCard', { view: 'list' }],
    ['/user/wallet/addBankCard', { view: 'add' }],
    ['/user/wallet/editBankCard?id=7%20a', { view: 'edit', cardId: '7 a' }],
    ['/user/wallet/editBankCard', { view: 'edit', cardId: '' }],
    ['/user/withdraw', null],
  ])('%s → %o', (to, screen) => {
    expect(screenOf(to)).toEqual(screen);
  });

  it.each([
    ['', ['aib', 'vib', 'hkib', 'jbic', 'kb', 'bnm', 'cba']],
    ['kb', ['aib', 'vib', 'hkib', 'jbic', 'kb', 'bnm', 'cba']],
    ['xyz', ['aib', 'vib', 'hkib', 'jbic', 'kb', 'bnm', 'cba', 'xyz']],
  ])('bank code %j offers %o', (current, codes) => {
    expect(bankCodeChoices(current)).toEqual(codes);
  });

  it.each([
    ['1234 5678-9012', '9012'],
    ['12', '12'],
    ['', ''],
  ])('the delete prompt names %j by %j', (account, last4) => {
    expect(typedLast4(account)).toBe(last4);
  });
});
