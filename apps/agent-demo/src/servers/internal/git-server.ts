import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
import { parallelSafeCapabilities } from '../../shared/concurrency-capability.js'
import { gitInvocation } from './git-invocation.js'
import { relativeToSandbox } from './relative-to-sandbox.js'
import { repositoryConfigProblem } from './repository-config-problem.js'
import { Count } from './shared-schemas.js'
import { errorResult, jsonResult } from './tool-result.js'

const run = promisify(execFile)

// Refs and paths come from a model: a value starting with `-` would be read
// by git as an option (`--output=...`), so refs are checked and paths always
// follow `--`.
const Ref = z.string().regex(/^[^-\s][^\s]*$/, 'a ref must not start with "-" or contain spaces')

/**
 * The git server: log, status and diff of one repository through the `git`
 * command. Read-only, and parallel-safe: git takes no lock for these.
 *
 * The repository is also the files sandbox, so its content is the model's:
 * git runs through `gitInvocation` (every repository-configured program off,
 * scrubbed environment) and only when `repositoryConfigProblem` finds none.
 */
export function createGitServer(repo: string): McpServer {
  const server = new McpServer(
    { name: 'git', version: '1.0.0' },
    { capabilities: parallelSafeCapabilities(true), instructions: 'Read-only view of one git repository.' },
  )
  const invocation = gitInvocation(repo)
  const git = async (args: string[]): Promise<{ ok: true; stdout: string } | { ok: false; message: string }> => {
    // Checked before every call, not once: the files server shares this
    // folder, and a configuration planted by any means must not run.
    const problem = await repositoryConfigProblem(invocation)
    if (problem !== undefined) return { ok: false, message: problem }
    try {
      const { stdout } = await run(invocation.command, [...invocation.globalArgs, ...args], {
        cwd: invocation.cwd,
        maxBuffer: 4 * 1024 * 1024,
        env: { ...invocation.env },
      })
      return { ok: true, stdout }
    } catch (error) {
      const stderr = (error as { stderr?: unknown }).stderr
      // git names the repository by its absolute path ("outside repository
      // at '/…'"): the model only ever sees sandbox-relative paths.
      const message = typeof stderr === 'string' && stderr !== '' ? stderr.trim() : String(error)
      return { ok: false, message: relativeToSandbox(message, repo) }
    }
  }

  server.registerTool(
    'log',
    {
      title: 'Commit log',
      description: 'Recent commits, newest first, optionally filtered.',
      inputSchema: {
        limit: Count.optional(),
        filters: z
          .object({
            author: z.string().nullable().optional(),
            path: z.string().nullable().optional(),
            since: z.string().nullable().optional().describe('A date git understands, e.g. "2026-01-01".'),
          })
          .optional(),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ limit, filters }) => {
      const args = [
        'log',
        '--no-ext-diff',
        '--no-textconv',
        '--no-show-signature',
        `--max-count=${limit ?? 20}`,
        '--format=%H%x1f%an%x1f%aI%x1f%s',
      ]
      if (filters?.author != null) args.push(`--author=${filters.author}`)
      if (filters?.since != null) args.push(`--since=${filters.since}`)
      if (filters?.path != null) args.push('--', filters.path)
      const result = await git(args)
      if (!result.ok) return errorResult(result.message)
      const commits = result.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [hash = '', author = '', date = '', subject = ''] = line.split('\x1f')
          return { hash, author, date, subject }
        })
      return jsonResult({ commits })
    },
  )

  server.registerTool(
    'status',
    {
      title: 'Working tree status',
      description: 'Branch and changed files of the working tree.',
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      const result = await git(['status', '--porcelain=v1', '--branch', '--ignore-submodules=all'])
      if (!result.ok) return errorResult(result.message)
      const [branchLine = '', ...rest] = result.stdout.split('\n').filter((line) => line !== '')
      return jsonResult({
        branch: branchLine.replace(/^## /, ''),
        changes: rest.map((line) => ({ status: line.slice(0, 2), path: line.slice(3) })),
      })
    },
  )

  server.registerTool(
    'diff',
    {
      title: 'Diff',
      description: 'Unified diff between two refs, or of the working tree when no ref is given.',
      inputSchema: {
        from: Ref.nullable().optional(),
        to: Ref.nullable().optional(),
        path: z.string().nullable().optional(),
        'context lines': z.number().int().min(0).max(20).optional(),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ from, to, path, 'context lines': context }) => {
      const args = ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', `--unified=${context ?? 3}`]
      if (from != null) args.push(from)
      if (to != null) args.push(to)
      args.push('--')
      if (path != null) args.push(path)
      const result = await git(args)
      if (!result.ok) return errorResult(result.message)
      return jsonResult({ diff: result.stdout })
    },
  )

  return server
}
