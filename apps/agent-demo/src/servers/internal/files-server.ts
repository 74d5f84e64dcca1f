import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { extname, join, relative } from 'node:path'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import * as z from 'zod'
import { parallelSafeCapabilities } from '../../shared/concurrency-capability.js'
import { relativeToSandbox } from './relative-to-sandbox.js'
import { sandboxPath } from './sandbox-path.js'
import { sandboxWritePath } from './sandbox-write-path.js'
import { Count } from './shared-schemas.js'
import { errorResult, jsonResult } from './tool-result.js'

const MAX_READ_BYTES = 256 * 1024

/**
 * The files server: list, read and write files inside one sandbox folder.
 *
 * Every path is resolved against the sandbox and refused if it lands outside
 * (`../`, absolute paths, symlinks out); a write goes through no symbolic
 * link at all and never to a `.git*` name. The server declares itself
 * parallel-safe: its read tools may run side by side; `write` is not a read,
 * so an agent runs it alone.
 */
export function createFilesServer(root: string): McpServer {
  const server = new McpServer(
    { name: 'files', version: '1.0.0' },
    {
      capabilities: parallelSafeCapabilities(true),
      instructions: 'Access to the files under one sandbox folder, nothing outside it.',
    },
  )

  // A file system error (a name too long, a folder that vanished) is the
  // model's to read, with paths relative to the sandbox as every other answer.
  const attempt = (run: () => CallToolResult): CallToolResult => {
    try {
      return run()
    } catch (error) {
      return errorResult(relativeToSandbox(error instanceof Error ? error.message : String(error), root))
    }
  }

  server.registerTool(
    'list',
    {
      title: 'List files',
      description: 'List the files under a folder of the sandbox, optionally filtered.',
      inputSchema: {
        path: z.string().optional().describe('Folder relative to the sandbox root; "." by default.'),
        filters: z
          .object({
            extensions: z.array(z.string()).optional().describe('Keep only these extensions, e.g. [".md"].'),
            'name contains': z.string().nullable().optional(),
            'max depth': z.number().int().min(0).max(10).optional(),
          })
          .optional(),
        limit: Count.optional(),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path, filters, limit }) =>
      attempt(() => {
        const start = sandboxPath(root, path ?? '.')
        if (!start.ok) return errorResult(start.reason)
        if (!statSync(start.absolute).isDirectory()) return errorResult(`not a folder: ${path ?? '.'}`)
        const realRoot = realpathSync(root)
        const maxDepth = filters?.['max depth'] ?? 10
        const found: string[] = []
        const walk = (folder: string, depth: number): void => {
          for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
            // Hidden entries (`.git` above all) are not the files a person means;
            // symlinks are neither files nor folders here, so none is followed.
            if (entry.name.startsWith('.')) continue
            const full = join(folder, entry.name)
            if (entry.isDirectory()) {
              if (depth < maxDepth) walk(full, depth + 1)
            } else if (entry.isFile()) {
              found.push(relative(realRoot, full))
            }
          }
        }
        walk(start.absolute, 0)
        const kept = found
          .filter((file) => filters?.extensions === undefined || filters.extensions.includes(extname(file)))
          .filter((file) => filters?.['name contains'] == null || file.includes(filters['name contains']))
          .slice(0, limit ?? 200)
        return jsonResult({ files: kept })
      }),
  )

  server.registerTool(
    'read',
    {
      title: 'Read a file',
      description: 'Read a text file of the sandbox, optionally only its first lines.',
      inputSchema: {
        path: z.string().describe('File relative to the sandbox root.'),
        limit: Count.optional().describe('How many lines from the start to return.'),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path, limit }) =>
      attempt(() => {
        const target = sandboxPath(root, path)
        if (!target.ok) return errorResult(target.reason)
        const stats = statSync(target.absolute)
        if (!stats.isFile()) return errorResult(`not a file: ${path}`)
        if (stats.size > MAX_READ_BYTES) return errorResult(`file too large to read (${stats.size} bytes): ${path}`)
        const lines = readFileSync(target.absolute, 'utf8').split('\n')
        const kept = limit === undefined ? lines : lines.slice(0, limit)
        return jsonResult({ path: target.relative, lines: kept.length, text: kept.join('\n') })
      }),
  )

  server.registerTool(
    'write',
    {
      title: 'Write a file',
      description: 'Write a text file inside the sandbox (created or replaced).',
      inputSchema: {
        path: z.string().describe('File relative to the sandbox root.'),
        content: z.string(),
        'create folders': z.boolean().optional().describe('Create missing parent folders.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path, content, 'create folders': createFolders }) =>
      attempt(() => {
        const target = sandboxWritePath(root, path, createFolders === true)
        if (!target.ok) return errorResult(target.reason)
        // O_NOFOLLOW: a link that appeared since the check is refused by the
        // kernel, not followed; O_NONBLOCK: a FIFO cannot hang the server.
        const fd = openSync(
          target.absolute,
          constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK,
          0o644,
        )
        try {
          if (!fstatSync(fd).isFile()) return errorResult(`not a file: ${path}`)
          writeFileSync(fd, content)
        } finally {
          closeSync(fd)
        }
        return jsonResult({ path: target.relative, bytes: Buffer.byteLength(content) })
      }),
  )

  return server
}
