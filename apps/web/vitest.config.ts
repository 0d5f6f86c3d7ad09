import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    // Libraries without `exports` (dnd-kit, PayPal's) in their ES builds, whose `react` Vite resolves.
    resolve: { mainFields: ['module', 'main'] },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // Every library through Vite, so that its `react` is the build's Preact (vite.config.ts).
      server: { deps: { inline: true } },
      alias: [
        // Testing Library's CommonJS entry would require React DOM itself.
        { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      ],
    },
  }),
);
