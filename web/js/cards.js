// Names and short texts of the gift and Christmas cards (RULES.md §2-3), in the project's own
// words: what a card does and when it can be played. Ids are the engine's card ids.

/** @typedef {{name: string, deck: string, when: string, text: string}} CardInfo */

/** @type {Record<string, CardInfo>} */
export const CARDS = {
  synod: { name: 'Synod', deck: 'gift', when: 'Gift: open before placing your tile', text: 'Put one of your followers on any unfinished cloister, even an occupied one.' },
  road_sweeper: { name: 'Road Sweeper', deck: 'gift', when: 'Gift: open before placing your tile', text: 'Score any unfinished road now, 1 per tile, for whoever controls it; its followers go home.' },
  cash_out: { name: 'Cash Out', deck: 'gift', when: 'Gift: open before placing your tile', text: 'Take one of your followers back and score 2 for every follower on its feature.' },
  change_position: { name: 'Change Position', deck: 'gift', when: 'Gift: open before placing your tile', text: 'Move one of your followers to another segment of its tile: into a field, or out of a field onto an unfinished road, city or cloister.' },
  take_two: { name: 'Take 2', deck: 'gift', when: 'Gift: open before placing your tile', text: 'Draw a second tile and place one of the two; the other is shuffled back into the stack.' },

  score_three: { name: 'Three Points', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Score 3 points at once.' },
  score_road_double: { name: 'Road Harvest', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Score an unfinished road you control now at 2 per tile; its followers go home.' },
  score_city_bonus: { name: 'City Harvest', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Score an unfinished city you control now at 2 per tile and 1 per pennant; its followers go home.' },
  score_cloister_bonus: { name: 'Cloister Harvest', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Score an unfinished cloister you control now at 1 plus 2 per neighbouring tile.' },
  claim_field: { name: 'Claim a Field', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply in any empty field.' },
  claim_road: { name: 'Claim a Road', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply on any empty unfinished road.' },
  claim_city: { name: 'Claim a City', deck: 'cloister', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply in any empty unfinished city.' },
  loop_road_double: { name: 'Ring Road', deck: 'cloister', when: 'Keep: play when a road loop you control is scored', text: 'That loop scores 2 per tile for you.' },
  prevent_attack: { name: 'Shield', deck: 'cloister', when: 'Keep: play when a Roadside card or swap is aimed at you', text: 'Cancel the attack; the attacking card is wasted.' },
  draw_two: { name: 'Second Tile', deck: 'cloister', when: 'Keep: play before placing your tile', text: 'Draw another tile, place one of the two and remove the other from the game.' },
  pennants_worth_three: { name: 'Banner Day', deck: 'cloister', when: 'Keep: play when a city with pennants you control is scored', text: 'It scores 2 per tile and 3 per pennant for you.' },
  plain_city_worth_three: { name: 'Plain City', deck: 'cloister', when: 'Keep: play when a city without pennants you control is scored', text: 'It scores 3 per tile for you.' },
  return_follower: { name: 'Call Home', deck: 'cloister', when: 'Keep: play in your turn, before placing or after scoring', text: 'Bring one of your followers back to your supply (not from a locked feature); no points.' },
  supply_bonus: { name: 'Full Barracks', deck: 'cloister', when: 'Keep until the end of the game', text: 'At the end, 2 points for every follower in your supply.' },
  field_city_bonus: { name: 'Rich Fields', deck: 'cloister', when: 'Keep until the end of the game', text: 'At the end, +1 for each completed city next to each field you control.' },
  shared_field_bonus: { name: 'Shared Harvest', deck: 'cloister', when: 'Keep until the end of the game', text: 'At the end, +1 for each completed city next to each field whose control you share.' },

  intrude_field: { name: 'Trespass in a Field', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply in a field where another player already has one.' },
  intrude_road: { name: 'Trespass on a Road', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply on an unfinished road where another player has one.' },
  intrude_city: { name: 'Trespass in a City', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply in an unfinished city where another player has one.' },
  intrude_cloister: { name: 'Trespass in a Cloister', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put a follower from your supply on an unfinished cloister where another player has one.' },
  lock_cloister: { name: 'Lock a Cloister', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Lock an occupied unfinished cloister: its points are banked until the end and its followers stay.' },
  lock_road: { name: 'Lock a Road', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Lock an occupied unfinished road: its points are banked until the end and its followers stay.' },
  lock_city: { name: 'Lock a City', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Lock an occupied unfinished city: its points are banked until the end and its followers stay.' },
  tiebreak_road: { name: 'Road Token', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put your tie-break token on an unfinished road where you have a follower: you win ties there.' },
  tiebreak_city: { name: 'City Token', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put your tie-break token on an unfinished city where you have a follower: you win ties there.' },
  tiebreak_cloister: { name: 'Cloister Token', deck: 'roadside', when: 'Lightning: resolves when drawn', text: 'Put your tie-break token on an unfinished cloister where you have a follower.' },
  swap_cloister: { name: 'Swap Cloisters', deck: 'roadside', when: 'Keep: play in your turn, before placing or after scoring', text: 'Exchange one of your followers on a cloister with another player\'s on a different cloister.' },
  swap_city: { name: 'Swap Cities', deck: 'roadside', when: 'Keep: play in your turn, before placing or after scoring', text: 'Exchange one of your followers in a city with another player\'s in a different city.' },
  swap_road: { name: 'Swap Roads', deck: 'roadside', when: 'Keep: play in your turn, before placing or after scoring', text: 'Exchange one of your followers on a road with another player\'s on a different road.' },
  swap_field: { name: 'Swap Fields', deck: 'roadside', when: 'Keep: play in your turn, before placing or after scoring', text: 'Exchange one of your followers in a field with another player\'s in a different field.' },
  mastermind: { name: 'Mastermind', deck: 'roadside', when: 'Keep: play in your turn, before placing or after scoring', text: 'Name an empty spot: the next player must put their tile there if it fits.' },
  tiebreak_field: { name: 'Field Token', deck: 'roadside', when: 'Keep until the end of the game', text: 'At the end, put your tie-break token on a field where you have a follower.' },
};

/** The card's display name, or the id itself for an unknown one. */
export function cardName(id) {
  return CARDS[id]?.name ?? id;
}
