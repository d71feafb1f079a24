// Seat colours and names, shared by the board, the panels, the chart and the lobby.
export const SEAT_COLOURS = ['#e03131', '#1c7ed6', '#f5b700', '#7b2fd0', '#222222'];
export const SEAT_NAMES = ['Red', 'Blue', 'Yellow', 'Violet', 'Black'];
