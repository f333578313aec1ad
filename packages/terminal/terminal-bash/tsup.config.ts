import { copyFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  outDir: 'lib',
  format: ['esm'],
  dts: true,
  target: 'node20',
  clean: true,
  sourcemap: true,
  // the shell integration is a real .sh file read at runtime, next to the bundle
  onSuccess: async () => {
    copyFileSync('src/shell/integration.sh', 'lib/integration.sh')
  },
})
