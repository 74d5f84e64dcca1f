import { defineConfig } from 'vitest/config'

// One vitest run over every workspace project, so the root gets one summary
// (turbo hides per-package output). `scripts/test.mjs` turns it into the plain
// `N passed, M failed` line that CI reads.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/test-utils'],
  },
})
