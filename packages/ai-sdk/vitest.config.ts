import { defineProject } from 'vitest/config'

// `typecheck` runs the `*.test-d.ts` type tests with tsc inside the same
// vitest run, so `pnpm test` counts them beside the runtime tests.
export default defineProject({
  test: {
    name: 'ai-sdk',
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
