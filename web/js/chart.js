// The score chart: one line per seat over the turns, as an SVG that scales with its box.
import { t } from './i18n.js';
import { SEAT_COLOURS, SEAT_INK, SEAT_MARKS } from './seats.js';

/**
 * Draws `history` (a list of {turn, scores}) into `box`. Later entries for one turn replace
 * earlier ones, so the line shows each turn's score at its end.
 * @param {Element} box @param {{turn: number, scores: number[]}[]} history @param {number} players
 */
export function drawChart(box, history, players) {
  const W = 320, H = 160, L = 28, B = 18;
  /** @type {Map<number, number[]>} */
  const byTurn = new Map();
  for (const h of history) byTurn.set(h.turn, h.scores);
  const pts = [...byTurn.entries()].sort((a, b) => a[0] - b[0]);
  const maxT = Math.max(1, ...pts.map((p) => p[0]));
  const maxS = Math.max(10, ...pts.flatMap((p) => p[1]));
  /** @param {number} t */
  const sx = (t) => L + (t / maxT) * (W - L - 6);
  /** @param {number} s */
  const sy = (s) => H - B - (s / maxS) * (H - B - 6);
  let svg = `<svg viewBox="0 0 ${W} ${H}" class="chart" role="img" aria-label="${t('game.chart')}">`;
  for (let i = 0; i <= 4; i++) {
    const v = Math.round((maxS * i) / 4);
    svg += `<line x1="${L}" x2="${W - 6}" y1="${sy(v)}" y2="${sy(v)}" class="grid"/><text x="${L - 4}" y="${sy(v) + 4}" class="axis" text-anchor="end">${v}</text>`;
  }
  svg += `<text x="${W - 6}" y="${H - 4}" class="axis" text-anchor="end">${t('chart.turn', { n: maxT })}</text>`;
  for (let s = 0; s < players; s++) {
    const line = pts.map(([t, sc]) => `${sx(t).toFixed(1)},${sy(sc[s] ?? 0).toFixed(1)}`).join(' ');
    svg += `<polyline points="${line}" fill="none" stroke="${SEAT_COLOURS[s]}" stroke-width="2.5"/>`;
    const end = pts[pts.length - 1];
    // each line ends in a disc with its seat's digit: lines told apart without colour (issue 32)
    if (end) {
      const cx = sx(end[0]).toFixed(1), cy = sy(end[1][s] ?? 0).toFixed(1);
      svg += `<circle cx="${cx}" cy="${cy}" r="6.5" fill="${SEAT_COLOURS[s]}"/><text x="${cx}" y="${cy}" class="seat-mark" font-size="9" fill="${SEAT_INK[s]}">${SEAT_MARKS[s]}</text>`;
    }
  }
  box.innerHTML = svg + '</svg>';
}
