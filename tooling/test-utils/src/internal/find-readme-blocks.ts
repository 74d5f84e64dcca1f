/** One fenced JavaScript or TypeScript block of a README. */
export interface ReadmeBlock {
  /** 1-based position among the README's runnable blocks. */
  readonly example: number
  /** 1-based README line of the opening fence; the code starts on the next line. */
  readonly line: number
  readonly code: string
  /** Fenced `ts` / `typescript`: its types are stripped before it runs. */
  readonly typescript: boolean
}

// Only these info strings run: `sh`, `json`, `text` blocks are prose for the
// reader. The tag must end the fence line, so `tsx` or `json` never match.
const FENCE = /```(js|javascript|ts|typescript)\n([\s\S]*?)```/g

/** Every runnable fenced block of `markdown`, in order, with its README line. */
export function findReadmeBlocks(markdown: string): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = []
  let line = 1
  let scanned = 0
  for (const match of markdown.matchAll(FENCE)) {
    line += countNewlines(markdown, scanned, match.index)
    scanned = match.index
    blocks.push({
      example: blocks.length + 1,
      line,
      code: match[2] ?? '',
      typescript: match[1] === 'ts' || match[1] === 'typescript',
    })
  }
  return blocks
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0
  for (let index = text.indexOf('\n', from); index !== -1 && index < to; index = text.indexOf('\n', index + 1)) count++
  return count
}
