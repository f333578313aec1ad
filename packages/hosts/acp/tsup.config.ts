import { defineConfig } from 'tsup'

export default defineConfig({ entry: ['src/index.ts', 'src/cli.ts'], outDir: 'lib', format: ['esm'], dts: true, target: 'node20', clean: true, sourcemap: true })
