import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Preact runs effects after the next frame; React, under Testing Library's `act`, runs them before
// `act` returns. Tests read the page right after events settle, so effects run as soon as the render
// that scheduled them has finished (a microtask), not a frame later.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

afterEach(() => {
  cleanup();
});
