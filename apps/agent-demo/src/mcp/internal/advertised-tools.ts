import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { McpServerSpec } from '../mcp-tool-provider.js'

/** What one server advertises: its experimental capabilities and `listTools` result. */
export interface AdvertisedServer {
  readonly experimental: unknown
  readonly tools: readonly unknown[]
}

/**
 * Spawn each server over stdio, as the demo does, and record exactly what it
 * advertises. The `list-tools` fixture is this, written down; the drift test
 * compares the live servers against it.
 */
export async function advertisedTools(specs: readonly McpServerSpec[]): Promise<Record<string, AdvertisedServer>> {
  const entries = await Promise.all(
    specs.map(async (spec) => {
      const transport = new StdioClientTransport({
        command: spec.command,
        args: [...(spec.args ?? [])],
        ...(spec.env === undefined ? {} : { env: { ...spec.env } }),
        stderr: 'ignore',
      })
      const client = new Client({ name: 'list-tools-fixture', version: '0.0.0' })
      try {
        await client.connect(transport)
        const { tools } = await client.listTools()
        return [spec.name, { experimental: client.getServerCapabilities()?.experimental ?? null, tools }] as const
      } finally {
        await client.close()
      }
    }),
  )
  return Object.fromEntries(entries)
}
