// Every TypeScript example of the README runs here, as its own ES module
// beside the package (so `import ... from '@x/provider-schema'` resolves to
// the built `dist/` through the package's `exports`, as it does for a user),
// and every `console.log(x) // => json` line it shows is asserted.
import { fileURLToPath } from 'node:url'
import { runReadmeExamples } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

const examples = runReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)))

describe('README', () => {
  it('has TypeScript examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4)
  })

  describe.each(examples)('example $example (line $line: $heading)', ({ checks }) => {
    it.each(checks)('prints what it says: $source', ({ expected, actual, where }) => {
      expect(actual, where).toEqual(expected)
    })
  })
})
