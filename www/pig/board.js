// Draws a Pig position on a canvas: both players' totals as bars toward the target, the turn
// sum in progress, and the die. No rules here: the state comes from the engine.
import { fitCanvas, frameScheduler } from '../dom.js';

const PIPS = {
  1: [[0.5, 0.5]], 2: [[0.27, 0.27], [0.73, 0.73]], 3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};
const COLORS = ['#2f6fdf', '#d9622b'];
const HEIGHT = 210;

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function drawDie(ctx, x, y, size, face, tint) {
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.18)';
  ctx.shadowBlur = 8;
  ctx.shadowOffsetY = 3;
  roundRect(ctx, x, y, size, size, size * 0.18);
  ctx.fillStyle = face === 1 ? '#fde8e4' : '#fff';
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = 2;
  ctx.strokeStyle = face === 1 ? '#c62f1a' : tint;
  ctx.stroke();
  ctx.fillStyle = face === 1 ? '#c62f1a' : '#222';
  for (const [px, py] of PIPS[face] ?? []) {
    ctx.beginPath();
    ctx.arc(x + px * size, y + py * size, size * 0.085, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * createPigBoard(canvas) → { set({ state, names, face, caption, animate }), destroy() }
 * state: from the engine (totals, player, turn_sum, phase, winner, target); face: the die face
 * to show (or null); animate: tumble the die before showing the face (for `tumbleMs`, 420 ms
 * unless given); a new position ends a tumble under way.
 */
export function createPigBoard(canvas) {
  let props = null;
  let tumbleUntil = 0;
  let raf = null;
  const schedule = frameScheduler(draw);

  function draw() {
    if (!props || !canvas.isConnected) return;
    const { ctx, width } = fitCanvas(canvas, HEIGHT);
    const { state, names = ['Player 1', 'Player 2'], caption = '' } = props;
    let face = props.face;
    const now = performance.now();
    if (now < tumbleUntil) {
      face = 1 + Math.floor((now / 70) % 6);
      raf = requestAnimationFrame(draw);
    }
    ctx.clearRect(0, 0, width, HEIGHT);
    const dieSize = Math.min(84, width * 0.16);
    const barsRight = width - dieSize - 40;
    const barX = 14;
    const barW = Math.max(80, barsRight - barX);
    for (const seat of [0, 1]) {
      const y = 22 + seat * 78;
      const active = state.phase !== 'over' && state.player === seat;
      const won = state.winner === seat;
      const pending = active ? state.turn_sum : 0;
      const score = pending ? `${state.totals[seat]} + ${pending}` : String(state.totals[seat]);
      ctx.font = '600 22px system-ui, sans-serif';
      // The name keeps clear of the score: on a narrow board "— to play" or "— wins!" goes first,
      // then it shrinks.
      const room = barW - ctx.measureText(score).width - 12;
      ctx.fillStyle = active || won ? COLORS[seat] : '#555';
      ctx.font = `${active || won ? '600 ' : ''}15px system-ui, sans-serif`;
      ctx.textBaseline = 'alphabetic';
      const long = `${names[seat]}${won ? '  — wins!' : active ? '  — to play' : ''}`;
      const label = ctx.measureText(long).width <= room ? long : names[seat];
      ctx.fillText(label, barX, y + 4, Math.max(40, room));
      ctx.font = '600 22px system-ui, sans-serif';
      ctx.textAlign = 'right';
      ctx.fillStyle = '#222';
      ctx.fillText(score, barX + barW, y + 6);
      ctx.textAlign = 'left';
      const by = y + 14;
      roundRect(ctx, barX, by, barW, 22, 6);
      ctx.fillStyle = '#eceef2';
      ctx.fill();
      const scale = barW / state.target;
      const banked = Math.min(state.target, state.totals[seat]) * scale;
      if (banked > 0) {
        roundRect(ctx, barX, by, Math.max(banked, 6), 22, 6);
        ctx.fillStyle = COLORS[seat];
        ctx.fill();
      }
      if (pending > 0) {
        const w = Math.min(state.target - state.totals[seat], pending) * scale;
        ctx.save();
        roundRect(ctx, barX + banked, by, w, 22, 4);
        ctx.clip();
        ctx.fillStyle = `${COLORS[seat]}55`;
        ctx.fillRect(barX + banked, by, w, 22);
        ctx.strokeStyle = `${COLORS[seat]}aa`;
        ctx.lineWidth = 3;
        for (let sx = barX + banked - 22; sx < barX + banked + w; sx += 9) {
          ctx.beginPath(); ctx.moveTo(sx, by + 22); ctx.lineTo(sx + 22, by); ctx.stroke();
        }
        ctx.restore();
      }
    }
    if (face) drawDie(ctx, width - dieSize - 18, 34, dieSize, face, COLORS[state.player] ?? '#333');
    ctx.fillStyle = '#333';
    ctx.font = '14px system-ui, sans-serif';
    ctx.fillText(caption, barX, HEIGHT - 14);
  }

  const resize = new ResizeObserver(schedule);
  resize.observe(canvas);

  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Pig board: no game yet'); // a picture has words from the start (set() gives the position's)
  return {
    set(next) {
      props = next;
      // The picture's words, for screen readers (the Play tab also announces them as they change).
      canvas.setAttribute('aria-label', describe(next.state, next.names, next.caption));
      tumbleUntil = next.animate && next.face ? performance.now() + (next.tumbleMs ?? 420) : 0;
      schedule();
    },
    destroy() { cancelAnimationFrame(raf); resize.disconnect(); props = null; },
  };
}

/** "You throw" but "optimal throws". */
const says = (name, verb) => (name === 'You' ? `You ${verb}` : `${name} ${verb}s`);

/** Words for a move code (1–6 a throw, 7 throw again, 8 hold) made by `name`. */
/** Caption for a position, from the engine's state (its `effect`: what the last move did). */
export function caption(state, names) {
  const mover = names[state.player];
  const winner = names[state.winner];
  const total = state.totals[state.winner];
  if (state.phase === 'over') return winner === 'You' ? `You reach ${total} and win.` : `${winner} reaches ${total} and wins.`;
  if (state.effect === 'turn-lost') return `Turn lost! Now ${says(mover, 'throw')}.`;
  if (state.effect === 'banked') return `Banked. Now ${says(mover, 'throw')}.`;
  if (state.phase === 'decide') return `${mover} ${mover === 'You' ? 'have' : 'has'} ${state.turn_sum} this turn: throw again or hold?`;
  if (state.effect === 'throw-again') return `${says(mover, 'throw')} again…`;
  return `${says(mover, 'throw')} first.`;
}

/** The position in words: both totals, then the caption ("You: 23; hold20: 45. You have 12 this turn: …"). */
export function describe(state, names = ['Player 1', 'Player 2'], captionText = '') {
  return `${[0, 1].map((seat) => `${names[seat]}: ${state.totals[seat]}`).join('; ')}. ${captionText}`.trim();
}
