/**
 * The privacy policy of spec §2: static English text (not translated, like the legal text it stands for),
 * effective 2018-12-14. `{brand}` is replaced by the site name; the contact section is added only when the
 * brand has a service e-mail.
 */

/** One section: a heading, paragraphs and optional bullet points. */
export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

/** Effective date of the policy (spec §2). */
export const PRIVACY_EFFECTIVE_DATE = '2018-12-14';

/** The line under the title. */
export const PRIVACY_EFFECTIVE_LINE = `Effective date: ${PRIVACY_EFFECTIVE_DATE}`;

const SECTIONS: readonly PolicySection[] = [
  {
    heading: '1. Who we are',
    paragraphs: [
      '{brand} ("we", "us") provides online trading in contracts for difference and fixed-time options on forex, commodities, indices, cryptocurrencies and shares, through its website and applications (the "Services"). This policy explains what personal data we collect when you use the Services, why we collect it, how we protect it and the rights you have over it. We act as the controller of that data.',
    ],
  },
  {
    heading: '2. Data we collect',
    paragraphs: ['We collect only what we need to open and run your account and to meet our legal duties:'],
    bullets: [
      'Account data: e-mail address or mobile number, country and area code, password (stored only as a one-way hash), nickname, profile picture and invitation code.',
      'Identity data for verification: full name, identity document type and number, images of the document and a portrait, and an e-mail address for verification notices.',
      'Financial data: deposits, withdrawals, wallet addresses, bank account details, balances, orders, positions, loans and transaction history, on both your real and your demo account.',
      'Security data: sign-in times, IP addresses, device and browser information, second-factor settings and the records of failed sign-in attempts.',
      'Communications: messages you send to customer service and the notifications we send you.',
    ],
  },
  {
    heading: '3. Why we use your data',
    paragraphs: ['We use your personal data on these legal grounds:'],
    bullets: [
      'To perform our contract with you: open and maintain your account, execute and settle your orders, process deposits and withdrawals and provide customer service.',
      'To comply with the law: verify your identity, prevent money laundering and the financing of terrorism, keep records and answer lawful requests of regulators, courts and tax authorities.',
      'For our legitimate interests: keep the Services secure, detect and prevent fraud and abuse, limit the rate of sign-in and verification attempts, and improve the Services.',
      'With your consent: send you marketing messages, which you can stop at any time.',
    ],
  },
  {
    heading: '4. Sharing',
    paragraphs: [
      'We do not sell your personal data. We share it only with: payment providers, banks and blockchain networks that carry out your transfers; identity-verification and anti-fraud services; hosting, e-mail and SMS providers that process data on our instructions; our professional advisers and auditors; and regulators, law-enforcement agencies or courts when the law requires it. Every processor is bound by a written contract to protect your data and to use it only for the service it provides to us.',
    ],
  },
  {
    heading: '5. International transfers',
    paragraphs: [
      'Some of these recipients may be located outside your country. When your data leaves the country where it was collected, we make sure it keeps an equivalent level of protection, for example through standard contractual clauses approved by the competent authorities.',
    ],
  },
  {
    heading: '6. Retention',
    paragraphs: [
      'We keep your data while your account is open and afterwards for as long as the law requires us to keep records of customers and transactions, usually five to seven years after the end of the relationship. Security logs are kept for a shorter period unless they are needed to investigate an incident. When data is no longer needed it is deleted or made anonymous.',
    ],
  },
  {
    heading: '7. Security',
    paragraphs: [
      'All traffic to the Services is encrypted. Passwords are stored only as salted hashes, sign-in sessions expire and can be revoked, and you can protect your account with a second factor. Access to personal data inside our organisation is limited to the staff who need it for their work. No system is completely secure: keep your password and second-factor device to yourself and tell us at once if you suspect that your account has been used by someone else.',
    ],
  },
  {
    heading: '8. Your rights',
    paragraphs: [
      'Subject to the law that applies to you, you may ask us for a copy of your personal data, ask us to correct or complete it, to delete it, to restrict or object to its processing, or to transfer it to you or another provider in a machine-readable form. Where we rely on your consent you may withdraw it at any time. Some data must be kept to meet legal obligations even if you ask us to delete it. You may also complain to the data-protection authority of your country.',
    ],
  },
  {
    heading: '9. Cookies and local storage',
    paragraphs: [
      'The Services store a small amount of data in your browser: your sign-in session, your language, your display theme and, if you choose, the account name and password you asked us to remember. This data stays on your device, is used only to run the Services and is removed when you sign out or clear your browser data. We do not use advertising cookies.',
    ],
  },
  {
    heading: '10. Children',
    paragraphs: [
      'The Services are intended for adults only. We do not knowingly open accounts for, or collect data from, anyone under the age of 18.',
    ],
  },
  {
    heading: '11. Changes to this policy',
    paragraphs: [
      'We may update this policy when our Services or the law change. The effective date at the top shows when it was last changed; we will tell you about significant changes before they apply.',
    ],
  },
];

const CONTACT: PolicySection = {
  heading: '12. Contact',
  paragraphs: [
    'For any question about this policy or to exercise your rights, write to us at {email}. We answer within one month.',
  ],
};

/** The sections of the policy for a brand; the contact section only when `email` is configured. */
export function privacySections(brand: string, email: string | null | undefined): PolicySection[] {
  const fill = (text: string) => text.replaceAll('{brand}', brand).replaceAll('{email}', email ?? '');
  const sections = email?.trim() ? [...SECTIONS, CONTACT] : SECTIONS;
  return sections.map((s) => ({
    heading: fill(s.heading),
    paragraphs: s.paragraphs.map(fill),
    ...(s.bullets ? { bullets: s.bullets.map(fill) } : {}),
  }));
}
