import { fileURLToPath } from 'node:url'
import { runReadmeExample } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

describe('README', () => {
  it.each(runReadmeExample(fileURLToPath(new URL('../README.md', import.meta.url))))('prints what it says: $line', ({ expected, actual }) => {
    expect(actual).toEqual(expected)
  })
})
