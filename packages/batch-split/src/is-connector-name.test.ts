import { describe, expect, it } from 'vitest'
import { isConnectorName } from './is-connector-name.js'

describe('isConnectorName', () => {
  it.each([
    ['connectors__drive__list', true],
    ['connectors__', true],
    ['mcp__files__read', false],
    ['connector__drive', false],
    [' connectors__drive', false],
    ['', false],
    [42, false],
    [null, false],
    [undefined, false],
    [['connectors__x'], false],
  ])('%j is a connector name: %j (a string starting with connectors__)', (name, expected) => {
    expect(isConnectorName(name)).toBe(expected)
  })
})
