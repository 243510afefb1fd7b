// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnippetBox } from './snippet-box';

const TEXT = '<script type="module" src="https://p.example/widgets/tk-quotes.js"></script>\n';
const t = (key: string) => key;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('the snippet box', () => {
  it('copies the snippet with the Clipboard API and says so until the snippet changes', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    withClipboard(writeText);
    const { rerender } = render(<SnippetBox text={TEXT} t={t} />);
    await act(async () => fireEvent.click(screen.getByTestId('ek-copy')));
    expect(writeText).toHaveBeenCalledWith(TEXT);
    expect(screen.getByTestId('ek-copy-status').textContent).toBe('embed.copied');
    rerender(<SnippetBox text={`${TEXT}<tk-quotes></tk-quotes>\n`} t={t} />);
    expect(screen.getByTestId('ek-copy-status').textContent).toBe('');
  });

  it('selects the whole snippet and tells how to copy it when the clipboard is refused', async () => {
    withClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    render(<SnippetBox text={TEXT} t={t} />);
    await act(async () => fireEvent.click(screen.getByTestId('ek-copy')));
    const box = screen.getByTestId('ek-snippet') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, TEXT.length]);
    expect(box.readOnly).toBe(true);
    expect(screen.getByTestId('ek-copy-status').textContent).toBe('embed.copy_refused');
  });
});
