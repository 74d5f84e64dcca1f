import { defineConfig } from 'tsup'
import { packageBuild } from '@x/tsup-config'

export default defineConfig(packageBuild())
