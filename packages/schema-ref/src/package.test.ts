// The shipped build: its exact public surface, and the README example run
// against it (so the README cannot drift from the code).
import { fileURLToPath } from 'node:url'
import { runReadmeExample } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

describe('@x/schema-ref (built dist/)', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual(['createPatternTest', 'createRefResolver', 'resolveLocalSchemaRef'])
  })

  it.each(runReadmeExample(fileURLToPath(new URL('../README.md', import.meta.url))))('README: $line', ({ expected, actual }) => {
    expect(actual).toEqual(expected)
  })
})
