// Plain-text tables for stdout: right-aligned numbers, a header rule, no dependencies.

/** Format a figure compactly: 3 significant digits below 100, integers above. */
export function fmt(v, unit = '') {
  if (v === undefined || v === null) return '-'
  if (typeof v !== 'number') return String(v)
  if (Number.isNaN(v)) return '-'
  const s = Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(v === 0 ? 0 : 2)
  return s + unit
}

/** Render rows (arrays of cells) under `header`; columns listed in `left` align left. */
export function renderTable(header, rows, left = new Set([0])) {
  const cells = [header, ...rows].map((r) => r.map((c) => (c === undefined ? '-' : String(c))))
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  const line = (r) => r.map((c, i) => (left.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n')
}
