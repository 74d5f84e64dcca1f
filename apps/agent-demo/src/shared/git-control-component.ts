// Code points HFS+ ignores in file names (git's `is_hfs_dotgit` list):
// `.g\u200cit` names the very folder `.git` names on such a file system.
const IGNORED_BY_HFS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu

// NTFS 8.3 short names: `GIT~1` is `.git`, and git's own short names for
// `.gitmodules`, `.gitignore` and `.gitattributes` start with these hashes.
const NTFS_SHORT_NAME = /^(?:git|gi7eba|gi250a|gi7d29)~\d+$/u

/**
 * The first component of `path` that names something git reads its
 * configuration, hooks or attributes from, as written; `undefined` when
 * there is none.
 *
 * A component counts when, folded the way some file system folds names
 * (case, Unicode compatibility forms, code points HFS+ ignores, trailing dots
 * and spaces and an NTFS `:stream` suffix that Windows drops, 8.3 short
 * names), it starts with `.git`: `.git` itself, `.gitattributes`,
 * `.gitmodules`, `.gitignore` and every other `.git*` name. Both `/` and `\`
 * separate components, so a name is refused whatever platform wrote it.
 * Programs git runs on its own (fsmonitor, diff drivers, filters, hooks) are
 * all configured through such names, which is why a model may never write
 * one.
 *
 * @example
 * gitControlComponent('notes/../.GIT./config') // => '.GIT.'
 * gitControlComponent('src/.gitattributes')    // => '.gitattributes'
 * gitControlComponent('notes/summary.md')      // => undefined
 */
export function gitControlComponent(path: string): string | undefined {
  for (const component of path.split(/[/\\]/u)) {
    if (isGitControlName(component)) return component
  }
  return undefined
}

function isGitControlName(component: string): boolean {
  const folded = component
    .replace(IGNORED_BY_HFS, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/:.*$/su, '')
    .replace(/[. ]+$/u, '')
  return folded.startsWith('.git') || NTFS_SHORT_NAME.test(folded)
}
