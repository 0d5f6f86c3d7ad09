import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useScrollToTopOnNavigate } from './use-scroll-to-top.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('scroll position on navigation', () => {
  it('starts a newly opened page at its top, and leaves the first render alone', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderHook(() => useScrollToTopOnNavigate(), { wrapper });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/checkout'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
  });

  it('leaves back and forward to the browser', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderHook(() => useScrollToTopOnNavigate(), { wrapper });
    act(() => {
      window.history.pushState(null, '', '/support');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/order/1'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('still starts the next page at its top after a Back that only closed a dialog', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderHook(() => useScrollToTopOnNavigate(), { wrapper });
    // A dialog's history entry has the page's own address: Back from it changes no location.
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    act(() => navigate('/checkout'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
  });
});
