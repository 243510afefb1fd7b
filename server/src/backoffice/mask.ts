/** Contact details as the back office shows them: enough to recognise a user, not to reach them. */

/** `jane.doe@example.com` → `j***@example.com`; null stays null. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** `+15551234567` → `+1 ******4567` (the calling code and the last four digits); null stays null. */
export function maskPhone(phone: string | null, areaCode: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/^\+/, '');
  const code = areaCode && digits.startsWith(areaCode) ? areaCode : '';
  const national = digits.slice(code.length);
  const last4 = national.slice(-4);
  const hidden = '*'.repeat(Math.max(national.length - 4, 0));
  return `${code ? `+${code} ` : '+'}${hidden}${last4}`;
}
