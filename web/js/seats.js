// Seat colours and names, shared by the board, the panels, the chart, the lobby and the game page.
// The modules that only need a colour or a name import this one, not the board.
import { t } from './i18n.js';

export const SEAT_COLOURS = ['#e03131', '#1c7ed6', '#f5b700', '#7b2fd0', '#222222', '#2f9e44'];
/** The seats' names in English, for code that matches them (tests, the record); shown through seatName. */
export const SEAT_NAMES = ['Red', 'Blue', 'Yellow', 'Violet', 'Black', 'Green'];

/** A seat's name in the page's language: "Blue", "Blau"; "Seat 7" for one without a colour. @param {number} seat */
export function seatName(seat) {
  return seat >= 0 && seat < SEAT_NAMES.length ? t(`seat.${seat}`) : t('seat.other', { n: seat });
}
/**
 * What tells the seats apart besides their colour (issue 32, colour-blind safety): a digit on
 * every figure, token, swatch and score line, as the terminal game's seat digits do; and the
 * ink it is written in, dark on the light colours so that it reads on each.
 */
export const SEAT_MARKS = ['1', '2', '3', '4', '5', '6'];
export const SEAT_INK = ['#fff', '#fff', '#111', '#fff', '#fff', '#fff'];

/** A seat's swatch: a disc in its colour with its digit, as HTML. @param {number} seat */
export function swatchHtml(seat) {
  return `<span class="swatch" style="background:${SEAT_COLOURS[seat] ?? '#888'};color:${SEAT_INK[seat] ?? '#fff'}" data-mark="${SEAT_MARKS[seat] ?? ''}">${SEAT_MARKS[seat] ?? ''}</span>`;
}
