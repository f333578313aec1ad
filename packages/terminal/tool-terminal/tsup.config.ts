import { cpSync } from 'node:fs'
import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  outDir: 'lib',
  format: ['esm'],
  dts: true,
  target: 'node20',
  clean: true,
  sourcemap: true,
  // The tool descriptions are read at runtime from `./descriptions/` beside the module.
  onSuccess: async () => { cpSync('src/descriptions', 'lib/descriptions', { recursive: true }) },
})
