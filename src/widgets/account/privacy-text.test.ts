import { describe, expect, it } from 'vitest';
import { PRIVACY_EFFECTIVE_LINE, privacySections } from './privacy-text';

describe('privacySections', () => {
  it('names the brand and is effective from 2018-12-14', () => {
    const text = privacySections('Aurora Markets', null)
      .flatMap((s) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])])
      .join('\n');
    expect(text).toContain('Aurora Markets ("we", "us")');
    expect(text).not.toContain('{brand}');
    expect(PRIVACY_EFFECTIVE_LINE).toBe('Effective date: 2018-12-14');
  });

  it('adds the contact section only when a service e-mail is configured', () => {
    expect(privacySections('X', '').map((s) => s.heading)).not.toContain('12. Contact');
    const withEmail = privacySections('X', 'help@x.example');
    expect(withEmail.at(-1)?.heading).toBe('12. Contact');
    expect(withEmail.at(-1)?.paragraphs[0]).toContain('help@x.example');
  });
});
