// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useImagePick } from './use-image-pick';

const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

/** A file input holding `file`, as the browser hands it to the change handler. */
function inputWith(file: File): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'file';
  Object.defineProperty(input, 'files', { value: [file] });
  return input;
}

describe('useImagePick', () => {
  it('refuses a file of another kind with the catalogue message and the accepted extensions, and keeps nothing', async () => {
    const accept = vi.fn(() => null);
    const { result } = renderHook(() => useImagePick(t, accept));
    await act(() =>
      result.current.onFile(inputWith(new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }))),
    );
    expect(accept).not.toHaveBeenCalled();
    expect(result.current.refusal).toBe('msg.illegal_image_ext {"extensions":"heic, jpg, jpeg, png"}');
    expect(result.current.preparing).toBe(false);
  });

  it('hands a small PNG to accept as it is, and shows what accept answers as the refusal', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
    const seen: File[] = [];
    const { result } = renderHook(() =>
      useImagePick(t, (file) => {
        seen.push(file);
        return seen.length > 1 ? 'too big for this place' : null;
      }),
    );
    await act(() => result.current.onFile(inputWith(png)));
    expect(seen).toEqual([png]);
    expect(result.current.refusal).toBeNull();
    await act(() => result.current.onFile(inputWith(png)));
    expect(result.current.refusal).toBe('too big for this place');
  });
});
