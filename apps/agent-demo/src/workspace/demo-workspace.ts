import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Paths of a prepared workspace, ready for `builtinServerSpecs`. */
export interface DemoWorkspace {
  /** The folder the files server may read; also the git repository. */
  readonly sandbox: string
  readonly repo: string
  /** The tickets server's SQLite file (created by the server on first use). */
  readonly ticketsDb: string
}

// Fixed author, committer and dates: commit hashes are then the same on every
// machine and every run, so a replayed session sees the same `git log`.
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Ada Lovelace',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada Lovelace',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
}

const FILES: ReadonlyArray<readonly [string, string, string]> = [
  [
    'README.md',
    '# Billing service\n\nCharges customers once a month.\nSee notes/incident.md for the open incident.\n',
    '2026-09-01T10:00:00Z',
  ],
  [
    'notes/incident.md',
    '# Incident 2026-09-30\n\nInvoices were sent twice to 12 customers.\nCause: the retry job did not check the sent flag.\nOwner: Grace.\nNext step: open a ticket for the fix.\n',
    '2026-09-30T16:00:00Z',
  ],
  [
    'src/retry.js',
    'export function retry(job) {\n  // TODO: skip invoices already sent\n  return job.run()\n}\n',
    '2026-10-01T09:30:00Z',
  ],
]

/**
 * Create, under `dir`, the offline world the demo and the tests run in: a
 * small repository (three files, three commits with fixed dates) that is
 * also the files server's sandbox, and the path of the tickets database.
 */
export function prepareDemoWorkspace(dir: string): DemoWorkspace {
  const sandbox = join(dir, 'sandbox')
  mkdirSync(sandbox, { recursive: true })
  const git = (args: string[], date?: string): void => {
    execFileSync('git', args, {
      cwd: sandbox,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...GIT_ENV,
        ...(date === undefined ? {} : { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }),
      },
    })
  }
  git(['init', '--quiet', '--initial-branch=main'])
  git(['config', 'user.name', GIT_ENV.GIT_AUTHOR_NAME])
  git(['config', 'user.email', GIT_ENV.GIT_AUTHOR_EMAIL])
  git(['config', 'commit.gpgsign', 'false'])
  for (const [path, text, date] of FILES) {
    mkdirSync(join(sandbox, path, '..'), { recursive: true })
    writeFileSync(join(sandbox, path), text)
    git(['add', path])
    git(['commit', '--quiet', '-m', `Add ${path}`], date)
  }
  // One uncommitted change, so `status` and `diff` have something to show.
  writeFileSync(
    join(sandbox, 'src/retry.js'),
    'export function retry(job) {\n  if (job.sent) return\n  return job.run()\n}\n',
  )
  return { sandbox, repo: sandbox, ticketsDb: join(dir, 'tickets.db') }
}

/**
 * The workspace under `dir`, prepared on first use and reused as is after:
 * a resumed session must see the tickets its first run created.
 */
export function openDemoWorkspace(dir: string): DemoWorkspace {
  const sandbox = join(dir, 'sandbox')
  if (existsSync(join(sandbox, '.git'))) return { sandbox, repo: sandbox, ticketsDb: join(dir, 'tickets.db') }
  return prepareDemoWorkspace(dir)
}
