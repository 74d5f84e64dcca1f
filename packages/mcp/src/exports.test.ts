import { describe, expect, it } from 'vitest'
import * as library from './index.js'
import * as proxy from './proxy.js'

describe('public surface', () => {
  it('@x/mcp exports exactly the server helper and the client wrapper', () => {
    expect(Object.keys(library).sort()).toEqual(['registerFixedTool', 'wrapClient'])
  })

  it('@x/mcp/proxy exports exactly the proxy, its command-line reader and usage', () => {
    expect(Object.keys(proxy).sort()).toEqual(['PROXY_USAGE', 'parseProxyArgv', 'startProxy'])
  })
})
