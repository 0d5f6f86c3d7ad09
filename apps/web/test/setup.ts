import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after this long. Testing Library's 1 s is tight for a screen that
// renders after a fetch when the suite's workers share two busy cores; waiting longer costs nothing when
// the screen is right, and a wrong screen still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
