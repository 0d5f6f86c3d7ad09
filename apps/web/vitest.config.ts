import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // A screen test waits up to 5 s for each thing to appear (test/setup.ts); on a busy machine a test
      // with several such waits must not be cut off at vitest's default of 5 s for the whole test.
      testTimeout: 20_000,
    },
  }),
);
