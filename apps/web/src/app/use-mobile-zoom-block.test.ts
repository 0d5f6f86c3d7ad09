import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMobileZoomBlock } from './use-mobile-zoom-block.ts';

function mockWidth(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: mobile, media: query }) as MediaQueryList),
  );
}

function zoomEvents() {
  return [
    new KeyboardEvent('keydown', { key: '+', ctrlKey: true, cancelable: true }),
    new KeyboardEvent('keydown', { key: '-', metaKey: true, cancelable: true }),
    new KeyboardEvent('keydown', { key: '=', ctrlKey: true, cancelable: true }),
    new WheelEvent('wheel', { deltaY: -10, ctrlKey: true, cancelable: true }),
  ];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mobile zoom block', () => {
  it('blocks ctrl/⌘ with + - = and ctrl+wheel below 768 px', () => {
    mockWidth(true);
    const { unmount } = renderHook(() => useMobileZoomBlock());
    for (const event of zoomEvents()) {
      window.dispatchEvent(event);
      expect(event.defaultPrevented, event.type).toBe(true);
    }
    const typing = new KeyboardEvent('keydown', { key: '+', cancelable: true });
    window.dispatchEvent(typing);
    expect(typing.defaultPrevented).toBe(false);
    unmount();
  });

  it('leaves zoom alone on wider screens', () => {
    mockWidth(false);
    const { unmount } = renderHook(() => useMobileZoomBlock());
    for (const event of zoomEvents()) {
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    unmount();
  });
});
