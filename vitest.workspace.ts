import { defineConfig } from 'vitest/config'

// One project over every package's `test/` folder. Packages are loaded from their built
// `lib/` natively (as the Cordis loader does), so a test and the loader share one module
// instance of each workspace package. `pnpm test` builds first (pretest).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dsh',
          include: ['packages/*/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
        },
      },
    ],
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    setupFiles: ['scripts/vitest-leak-check.ts'],
    server: { deps: { external: [/\/packages\/[^/]+\/[^/]+\/lib\//] } },
  },
})
