/**
 * Shared build for every published package: ESM + CJS + types from
 * `src/index.ts`, dependencies left external, no minification (readable
 * stack traces for users), and a neutral platform (the packages use no Node
 * built-ins: they also run in browsers, Deno and Bun).
 *
 * Plain JavaScript so that each package's `tsup.config.ts` can import it
 * without a TypeScript loader.
 *
 * @param {import('tsup').Options} [overrides]
 * @returns {import('tsup').Options}
 */
export function packageBuild(overrides = {}) {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    splitting: false,
    ...overrides,
  }
}
