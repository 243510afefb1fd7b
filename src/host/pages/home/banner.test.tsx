// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithPlatform } from '../../test-support';
import { Banner } from './banner';

const items = [1, 2, 3].map((n) => ({ bannerUrl: `https://img.test/${n}.png` }));

function activeSlide(): number {
  const slides = screen.getAllByRole('group', { hidden: true });
  return slides.findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

describe('Banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('advances every 3 s and loops from the last slide to the first', () => {
    renderWithPlatform(<Banner items={items} />);
    expect(activeSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(2999));
    expect(activeSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide()).toBe(0);
  });

  it('pauses while hovered and resumes after', () => {
    renderWithPlatform(<Banner items={items} />);
    fireEvent.mouseEnter(screen.getByTestId('banner'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(activeSlide()).toBe(0);
    fireEvent.mouseLeave(screen.getByTestId('banner'));
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide()).toBe(1);
  });

  it('steps with the previous and next buttons, wrapping around', () => {
    renderWithPlatform(<Banner items={items} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(activeSlide()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(activeSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Promotion 3' }));
    expect(activeSlide()).toBe(2);
  });

  it('follows a swipe to the left or right', () => {
    renderWithPlatform(<Banner items={items} />);
    const viewport = screen.getByTestId('banner').firstElementChild as HTMLElement;
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 100 });
    expect(activeSlide()).toBe(1);
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 180 });
    expect(activeSlide()).toBe(0);
  });

  it('does not autoplay when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    renderWithPlatform(<Banner items={items} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(activeSlide()).toBe(0);
  });

  it('shows one banner without controls and renders nothing without banners', () => {
    const { unmount } = renderWithPlatform(<Banner items={items.slice(0, 1)} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithPlatform(<Banner items={[]} />);
    expect(screen.queryByTestId('banner')).toBeNull();
  });

  it('keeps the space of the banner, hidden from assistive tech, while the banners load (EK16)', () => {
    renderWithPlatform(<Banner items={null} />);
    const placeholder = screen.getByTestId('banner-placeholder');
    expect(placeholder.className).toBe('host-banner');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.childElementCount).toBe(0);
    expect(screen.queryByTestId('banner')).toBeNull();
  });
});
