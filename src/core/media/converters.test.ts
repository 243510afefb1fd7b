import { describe, expect, it } from 'vitest';
import { compressionWorkerUrl } from './converters';

describe('compressionWorkerUrl', () => {
  it('points the compression worker at our own copy next to the widget chunks, never a public CDN', () => {
    const url = compressionWorkerUrl('https://platform.example/widgets/chunks/core-abc.js');
    expect(url).toMatch(/^https:\/\/platform\.example\//);
    expect(url).toMatch(/browser-image-compression.*\.js$/);
  });
});
