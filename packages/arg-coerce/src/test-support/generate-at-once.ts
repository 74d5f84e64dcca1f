// Setup file of the "arg-coerce (generated code)" test project (root
// vitest.config.ts): every object part is specialized on its first call, so
// every test of the package also checks the generated code against its
// expectations, not only the interpreter.
import { codegen } from '../internal/generate.js'

codegen.after = 1
