// Ours as an MCP server: `node packages/hosts/mcp/lib/cli.js --config FILE` over stdio,
// driven by the MCP SDK's own Client (StdioClientTransport). Every session operation is one
// tools/call and its result: JSON-RPC framing, the SDK on both sides and the process boundary.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { CALL_TIMEOUT_MS, openStackSession } from '../harness/stack-session.mjs'

/** Bound on the server's start-up (only matters on failure). */
const HOST_START_MS = 30_000

export async function createMcp({ repoRoot, composition, subset }) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${repoRoot}/packages/hosts/mcp/lib/cli.js`, '--config', composition],
    cwd: repoRoot,
    stderr: 'inherit',
  })
  const client = new Client({ name: 'dsh-bench', version: '0' })
  const started = Promise.race([
    client.connect(transport).then(() => client.listTools()),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${HOST_START_MS} ms`)), HOST_START_MS).unref()),
  ])
  const tools = await started.catch(async (e) => {
    await client.close().catch(() => {})
    throw new Error(`mcp server did not start: ${e?.message ?? e}`)
  })
  if (!tools.tools.some((t) => t.name === 'terminal_send')) {
    await client.close()
    throw new Error('mcp server lists no terminal tools')
  }
  const call = async (tool, args) => {
    const r = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })
    const content = r.content?.[0]?.text ?? ''
    return r.isError ? { ok: false, code: /^Error \[([A-Z_]+)\]/.exec(content)?.[1], content } : { ok: true, value: r.structuredContent, content }
  }
  return {
    name: 'mcp',
    description: `MCP server over stdio (SDK client), ${composition.split('/').pop()}`,
    subset,
    hostPid: () => transport.pid,
    open: () => openStackSession(call),
    async dispose() {
      await client.close()
    },
  }
}
