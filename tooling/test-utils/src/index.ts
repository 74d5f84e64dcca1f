export { deepFreeze } from './deep-freeze.js'
export { sharedDataPath } from './shared-data-path.js'
export { runReadmeExample } from './run-readme-example.js'
export type { ReadmeCheck } from './run-readme-example.js'
