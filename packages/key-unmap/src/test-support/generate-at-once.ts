// Setup file of the "key-unmap (generated code)" test project (root
// vitest.config.ts): every renaming key order gets generated code on its
// first use, so every test of the package also checks the generated code
// against its expectations, not only the interpreter. The package's own
// default stays as it is: the tests' unmapArgKeys is swapped for one with
// settings of its own.
import { vi } from 'vitest'

vi.mock('../unmap-arg-keys.js', async () => {
  const { unmapWith } = await import('../internal/unmap-with.js')
  const atOnce = { generateAfter: 1, engine: { available: undefined }, onCompile: undefined }
  return {
    unmapArgKeys: (schema: unknown, args: unknown, options?: Parameters<typeof unmapWith>[3]) =>
      unmapWith(atOnce, schema, args, options),
  }
})
