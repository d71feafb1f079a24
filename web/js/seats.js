// Seat colours and names, shared by the board, the panels, the chart, the lobby and the game page.
// The modules that only need a colour or a name import this one, not the board.
export const SEAT_COLOURS = ['#e03131', '#1c7ed6', '#f5b700', '#7b2fd0', '#222222', '#2f9e44'];
export const SEAT_NAMES = ['Red', 'Blue', 'Yellow', 'Violet', 'Black', 'Green'];
