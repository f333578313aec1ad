#!/usr/bin/env node
// `pnpm dsh <front> [options]`: runs one of the host fronts in this process.
//   headless  JSON lines on stdin/stdout (packages/hosts/headless)
//   mcp       an MCP server over stdio or streamable HTTP (packages/hosts/mcp)
//   acp       an ACP agent over stdio for editors (packages/hosts/acp)
// Each front parses the rest of the command line itself (`pnpm dsh <front> --help`).
const FRONTS = {
  headless: '../packages/hosts/headless/lib/cli.js',
  mcp: '../packages/hosts/mcp/lib/cli.js',
  acp: '../packages/hosts/acp/lib/cli.js',
}

const command = process.argv[2]
const front = FRONTS[command]
if (front === undefined) {
  const what = command === undefined || command === '--help' || command === '-h' ? 'a front to run' : `unknown front "${command}"`
  process.stderr.write(`dsh: ${what}: one of ${Object.keys(FRONTS).join(', ')}\nusage: pnpm dsh <${Object.keys(FRONTS).join('|')}> [options]   (pnpm dsh <front> --help for its options)\n`)
  process.exit(command === '--help' || command === '-h' ? 0 : 2)
}
await import(new URL(front, import.meta.url).href)
