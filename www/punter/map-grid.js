// A uniform grid over a Punter map, in map units, built once per map: each cell lists the sites
// in it and the rivers whose bounding box touches it. The pointer's hit test then looks only at
// the cells within the pick radius instead of every site and river (10,000-river maps), and
// finds what a scan would: the nearest within the radius, the lowest index on a tie.

const PER_CELL = 2; // rivers per cell on average (the cell's side follows from it)

/** cols × rows cells over the sites' bounding box (x0, y0 its corner; sx, sy cells per map unit). */
function layout(x, y, rivers) {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (let i = 0; i < x.length; i += 1) {
    if (x[i] < x0) x0 = x[i]; if (x[i] > x1) x1 = x[i];
    if (y[i] < y0) y0 = y[i]; if (y[i] > y1) y1 = y[i];
  }
  if (!x.length) { x0 = y0 = 0; x1 = y1 = 1; }
  const w = Math.max(x1 - x0, 1e-9);
  const h = Math.max(y1 - y0, 1e-9);
  const items = Math.max(1, rivers.length / 2, x.length);
  const side = Math.sqrt((w * h * PER_CELL) / items) || Math.max(w, h);
  const cols = Math.min(2048, Math.floor(w / side) + 1);
  const rows = Math.min(2048, Math.floor(h / side) + 1);
  return { x0, y0, sx: cols / w, sy: rows / h, cols, rows };
}

/**
 * The indices 0 … count − 1 listed per cell: forCells(i, add) calls add(cell) for each cell of
 * item i. Cell c's items are items[start[c]] … items[start[c + 1] − 1], in increasing order.
 */
function bucket(cells, count, forCells) {
  const start = new Int32Array(cells + 1);
  for (let i = 0; i < count; i += 1) forCells(i, (c) => { start[c + 1] += 1; });
  for (let c = 0; c < cells; c += 1) start[c + 1] += start[c];
  const items = new Int32Array(start[cells]);
  const fill = start.slice(0, cells);
  for (let i = 0; i < count; i += 1) forCells(i, (c) => { items[fill[c]++] = i; });
  return { start, items };
}

/**
 * createMapGrid(x, y, rivers) → { nearestSite(mx, my, radius), nearestRiver(mx, my, radius) }
 * x, y: site coordinates; rivers: site pairs (a0, b0, a1, b1, …). Each answer is
 * { i, d } (index, distance in map units) or null when nothing is within `radius`.
 */
export function createMapGrid(x, y, rivers) {
  const { x0, y0, sx, sy, cols, rows } = layout(x, y, rivers);
  const colOf = (v) => Math.min(cols - 1, Math.max(0, Math.floor((v - x0) * sx)));
  const rowOf = (v) => Math.min(rows - 1, Math.max(0, Math.floor((v - y0) * sy)));
  const cells = cols * rows;
  const sites = bucket(cells, x.length, (i, add) => add(rowOf(y[i]) * cols + colOf(x[i])));
  // A river goes in every cell of its bounding box: a point of it within the radius lies in one
  // of those cells and in one of the cells the query looks at.
  const riverCells = bucket(cells, rivers.length / 2, (r, add) => {
    const a = rivers[2 * r]; const b = rivers[2 * r + 1];
    const c0 = colOf(Math.min(x[a], x[b])); const c1 = colOf(Math.max(x[a], x[b]));
    const r0 = rowOf(Math.min(y[a], y[b])); const r1 = rowOf(Math.max(y[a], y[b]));
    for (let row = r0; row <= r1; row += 1) for (let col = c0; col <= c1; col += 1) add(row * cols + col);
  });

  /** Calls visit(i) for every item of the cells that the square of `radius` round (mx, my) touches. */
  function around({ start, items }, mx, my, radius, visit) {
    const c0 = colOf(mx - radius); const c1 = colOf(mx + radius);
    const r0 = rowOf(my - radius); const r1 = rowOf(my + radius);
    for (let row = r0; row <= r1; row += 1) {
      for (let c = row * cols + c0, end = row * cols + c1; c <= end; c += 1) {
        for (let k = start[c]; k < start[c + 1]; k += 1) visit(items[k]);
      }
    }
  }

  return {
    nearestSite(mx, my, radius) {
      let best = -1; let bd = radius * radius;
      around(sites, mx, my, radius, (i) => {
        const d = (x[i] - mx) ** 2 + (y[i] - my) ** 2;
        if (d < bd || (d === bd && best >= 0 && i < best)) { bd = d; best = i; }
      });
      return best < 0 ? null : { i: best, d: Math.sqrt(bd) };
    },
    nearestRiver(mx, my, radius) {
      let best = -1; let bd = radius;
      around(riverCells, mx, my, radius, (r) => {
        const d = riverDistance(x, y, rivers, r, mx, my);
        if (d < bd || (d === bd && best >= 0 && r < best)) { bd = d; best = r; }
      });
      return best < 0 ? null : { i: best, d: bd };
    },
  };
}

/** Distance in map units from (mx, my) to river `r` (a segment between its two sites). */
export function riverDistance(x, y, rivers, r, mx, my) {
  const a = rivers[2 * r]; const b = rivers[2 * r + 1];
  const ax = x[a]; const ay = y[a];
  const dx = x[b] - ax; const dy = y[b] - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((mx - ax) * dx + (my - ay) * dy) / len2)) : 0;
  return Math.hypot(ax + t * dx - mx, ay + t * dy - my);
}
