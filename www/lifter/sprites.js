// Cell pictures for the mine, drawn once per cell size into small canvases (a sprite cache), and
// one flat colour per cell for the zoomed-out pixel view. Keys are the map characters.

export const COLORS = {
  ' ': '#1d1a17', '.': '#8b5e3c', '#': '#6e7685', '*': '#a9a39a', '@': '#9b7fd1', '\\': '#f4c430',
  L: '#b0452f', O: '#2fbf71', R: '#3d8bfd', W: '#2e7d32', '!': '#d8dee9',
};
const TRAMPOLINE = '#f08c2e';
const TARGET = '#3fb6c9';

/** [r, g, b] of a cell character, for the pixel view. */
export function rgbOf(ch) {
  const hex = COLORS[ch] ?? (ch >= 'A' && ch <= 'I' ? TRAMPOLINE : ch >= '1' && ch <= '9' ? TARGET : '#ff00ff');
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function lambdaGlyph(g, s, color, weight = 0.13) {
  // λ drawn with strokes, so it looks the same in every font.
  g.strokeStyle = color;
  g.lineWidth = Math.max(1.2, s * weight);
  g.lineCap = 'round';
  g.beginPath();
  g.moveTo(s * 0.3, s * 0.2);
  g.quadraticCurveTo(s * 0.45, s * 0.18, s * 0.52, s * 0.38);
  g.lineTo(s * 0.72, s * 0.82);
  g.moveTo(s * 0.5, s * 0.46);
  g.lineTo(s * 0.28, s * 0.82);
  g.stroke();
}

function boulder(g, s, fill, dark, light) {
  const grad = g.createRadialGradient(s * 0.38, s * 0.34, s * 0.05, s * 0.5, s * 0.52, s * 0.48);
  grad.addColorStop(0, light);
  grad.addColorStop(0.55, fill);
  grad.addColorStop(1, dark);
  g.fillStyle = grad;
  g.beginPath();
  g.moveTo(s * 0.5, s * 0.08);
  g.bezierCurveTo(s * 0.86, s * 0.06, s * 0.96, s * 0.42, s * 0.9, s * 0.66);
  g.bezierCurveTo(s * 0.84, s * 0.92, s * 0.22, s * 0.96, s * 0.12, s * 0.7);
  g.bezierCurveTo(s * 0.02, s * 0.42, s * 0.18, s * 0.1, s * 0.5, s * 0.08);
  g.fill();
  g.strokeStyle = dark;
  g.lineWidth = Math.max(1, s * 0.05);
  g.stroke();
}

function label(g, s, text, color) {
  g.fillStyle = color;
  g.font = `700 ${Math.round(s * 0.52)}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, s * 0.5, s * 0.56);
}

/** Draws one cell into a context at (0, 0), size s (device pixels). */
function drawCell(g, ch, s) {
  const detailed = s >= 12;
  g.fillStyle = COLORS[' '];
  g.fillRect(0, 0, s, s);
  switch (ch) {
    case ' ':
      return;
    case '.': {
      g.fillStyle = COLORS['.'];
      g.fillRect(0, 0, s, s);
      if (detailed) {
        g.fillStyle = '#6f4a2e';
        for (const [x, y] of [[0.2, 0.25], [0.65, 0.2], [0.42, 0.55], [0.8, 0.7], [0.18, 0.8], [0.6, 0.85]]) {
          g.fillRect(s * x, s * y, Math.max(1, s * 0.09), Math.max(1, s * 0.09));
        }
        g.fillStyle = '#a5774f';
        for (const [x, y] of [[0.35, 0.3], [0.82, 0.4], [0.3, 0.65]]) g.fillRect(s * x, s * y, Math.max(1, s * 0.07), Math.max(1, s * 0.07));
      }
      return;
    }
    case '#': {
      g.fillStyle = COLORS['#'];
      g.fillRect(0, 0, s, s);
      if (s >= 6) {
        g.fillStyle = '#575e6b';
        const m = Math.max(1, Math.round(s * 0.07));
        g.fillRect(0, Math.round(s / 2) - m / 2, s, m);
        g.fillRect(0, s - m, s, m);
        g.fillRect(Math.round(s * 0.5), 0, m, Math.round(s / 2));
        g.fillRect(Math.round(s * 0.2), Math.round(s / 2), m, Math.round(s / 2));
        g.fillRect(Math.round(s * 0.78), Math.round(s / 2), m, Math.round(s / 2));
        g.fillStyle = '#858d9b';
        g.fillRect(0, 0, s, m);
      }
      return;
    }
    case '*':
      boulder(g, s, '#a29c92', '#5d5850', '#d9d4cb');
      return;
    case '@':
      boulder(g, s, '#8f6fd0', '#4b3480', '#d2c2f4');
      if (s >= 8) lambdaGlyph(g, s, '#ffe27a', 0.11);
      return;
    case '\\':
      if (s >= 8) {
        g.fillStyle = 'rgba(244,196,48,0.16)';
        g.beginPath(); g.arc(s / 2, s / 2, s * 0.44, 0, Math.PI * 2); g.fill();
        lambdaGlyph(g, s, COLORS['\\']);
      } else {
        g.fillStyle = COLORS['\\'];
        g.fillRect(s * 0.2, s * 0.2, s * 0.6, s * 0.6);
      }
      return;
    case 'L':
    case 'O': {
      const open = ch === 'O';
      g.fillStyle = open ? '#0f3b25' : '#3a1712';
      g.fillRect(s * 0.1, s * 0.06, s * 0.8, s * 0.9);
      g.strokeStyle = open ? COLORS.O : COLORS.L;
      g.lineWidth = Math.max(1, s * 0.09);
      g.strokeRect(s * 0.14, s * 0.1, s * 0.72, s * 0.82);
      if (open) {
        const glow = g.createLinearGradient(0, s * 0.15, 0, s * 0.9);
        glow.addColorStop(0, 'rgba(120,255,180,0.9)');
        glow.addColorStop(1, 'rgba(47,191,113,0.25)');
        g.fillStyle = glow;
        g.fillRect(s * 0.22, s * 0.18, s * 0.56, s * 0.7);
        if (s >= 12) { // an up arrow: the way out
          g.fillStyle = '#0f3b25';
          g.beginPath(); g.moveTo(s * 0.5, s * 0.26); g.lineTo(s * 0.68, s * 0.5); g.lineTo(s * 0.32, s * 0.5); g.fill();
          g.fillRect(s * 0.44, s * 0.5, s * 0.12, s * 0.26);
        }
      } else if (s >= 8) {
        g.fillStyle = COLORS.L;
        for (const x of [0.32, 0.5, 0.68]) g.fillRect(s * x - s * 0.035, s * 0.14, Math.max(1, s * 0.07), s * 0.74);
        if (s >= 14) { // padlock
          g.fillStyle = '#ffd166';
          g.fillRect(s * 0.38, s * 0.5, s * 0.24, s * 0.2);
          g.strokeStyle = '#ffd166';
          g.lineWidth = Math.max(1, s * 0.05);
          g.beginPath(); g.arc(s * 0.5, s * 0.5, s * 0.08, Math.PI, 0); g.stroke();
        }
      }
      return;
    }
    case 'R': {
      const c = COLORS.R;
      // Body, head, eyes, antenna and wheels.
      g.fillStyle = '#1e4fa3';
      g.fillRect(s * 0.2, s * 0.78, s * 0.6, s * 0.12);
      g.fillStyle = c;
      g.beginPath(); g.roundRect(s * 0.16, s * 0.3, s * 0.68, s * 0.5, s * 0.12); g.fill();
      g.fillStyle = '#cfe2ff';
      g.beginPath(); g.roundRect(s * 0.24, s * 0.38, s * 0.52, s * 0.24, s * 0.08); g.fill();
      g.fillStyle = '#0b1e3f';
      g.beginPath(); g.arc(s * 0.38, s * 0.5, Math.max(0.8, s * 0.06), 0, Math.PI * 2); g.fill();
      g.beginPath(); g.arc(s * 0.62, s * 0.5, Math.max(0.8, s * 0.06), 0, Math.PI * 2); g.fill();
      if (s >= 10) {
        g.strokeStyle = '#cfe2ff';
        g.lineWidth = Math.max(1, s * 0.05);
        g.beginPath(); g.moveTo(s * 0.5, s * 0.3); g.lineTo(s * 0.5, s * 0.14); g.stroke();
        g.fillStyle = '#ff6b6b';
        g.beginPath(); g.arc(s * 0.5, s * 0.12, s * 0.07, 0, Math.PI * 2); g.fill();
      }
      return;
    }
    case 'W': {
      g.fillStyle = '#173d1a';
      g.fillRect(0, 0, s, s);
      g.strokeStyle = '#4caf50';
      g.lineWidth = Math.max(1, s * 0.08);
      g.lineCap = 'round';
      for (let k = 0; k < 4; k += 1) {
        const x = s * (0.18 + k * 0.21);
        g.beginPath();
        g.moveTo(x, s * 0.08);
        g.bezierCurveTo(x + s * 0.14, s * 0.35, x - s * 0.14, s * 0.6, x + s * 0.04, s * 0.92);
        g.stroke();
      }
      return;
    }
    case '!': {
      // Hutton's razor: a blade with a handle.
      g.save();
      g.translate(s / 2, s / 2);
      g.rotate(-Math.PI / 4);
      g.fillStyle = '#e8edf5';
      g.fillRect(-s * 0.4, -s * 0.17, s * 0.52, s * 0.34);
      g.fillStyle = '#9aa4b5';
      g.fillRect(-s * 0.4, s * 0.1, s * 0.52, s * 0.07);
      g.fillStyle = '#c0392b';
      g.fillRect(s * 0.12, -s * 0.09, s * 0.32, s * 0.18);
      g.restore();
      return;
    }
    default:
      if (ch >= 'A' && ch <= 'I') {
        g.fillStyle = TRAMPOLINE;
        g.beginPath(); g.arc(s / 2, s / 2, s * 0.42, 0, Math.PI * 2); g.fill();
        g.fillStyle = '#7a3a05';
        g.beginPath(); g.arc(s / 2, s / 2, s * 0.3, 0, Math.PI * 2); g.fill();
        if (s >= 9) label(g, s, ch, '#fff');
        return;
      }
      if (ch >= '1' && ch <= '9') {
        g.strokeStyle = TARGET;
        g.lineWidth = Math.max(1, s * 0.1);
        g.beginPath(); g.arc(s / 2, s / 2, s * 0.36, 0, Math.PI * 2); g.stroke();
        g.fillStyle = 'rgba(63,182,201,0.18)';
        g.fill();
        if (s >= 9) label(g, s, ch, '#bff3fb');
        return;
      }
      g.fillStyle = '#ff00ff';
      g.fillRect(0, 0, s, s);
  }
}

/** Sprite canvases for one cell size (device pixels), made on first use. */
export function spriteCache() {
  let size = 0;
  let cache = new Map();
  return (ch, s) => {
    if (s !== size) { size = s; cache = new Map(); }
    let sprite = cache.get(ch);
    if (!sprite) {
      sprite = document.createElement('canvas');
      sprite.width = sprite.height = s;
      drawCell(sprite.getContext('2d'), ch, s);
      cache.set(ch, sprite);
    }
    return sprite;
  };
}

/** Legend entries: [character, name]. */
export const LEGEND = [
  ['R', 'robot'], ['\\', 'lambda'], ['*', 'rock'], ['@', 'higher-order rock'], ['.', 'earth'], ['#', 'wall'],
  ['L', 'closed lift'], ['O', 'open lift'], ['W', 'beard'], ['!', 'razor'], ['A', 'trampoline'], ['1', 'target'],
];

/** A collapsible legend of every cell picture. */
export function legendBox(el) {
  return el('details', { class: 'lifter-legend' }, el('summary', {}, 'Legend'),
    el('div', { class: 'lifter-legend-items' }, ...LEGEND.map(([ch, name]) => el('span', {}, swatch(ch), name)),
      el('span', {}, el('span', { class: 'water-swatch' }), 'water')));
}

/** A small canvas showing one cell, for the legend. */
export function swatch(ch, css = 18) {
  const dpr = window.devicePixelRatio || 1;
  const c = document.createElement('canvas');
  c.width = c.height = Math.round(css * dpr);
  c.style.width = c.style.height = `${css}px`;
  drawCell(c.getContext('2d'), ch, c.width);
  return c;
}
