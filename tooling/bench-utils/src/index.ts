export { runBench } from './run-bench.js'
export type { BenchCase, BenchRecord } from './run-bench.js'
