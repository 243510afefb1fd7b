import { useState } from 'react';
import { priceMove } from './quote-row.logic';

/** Last move of a displayed price and a counter that changes with each move (a key to replay the flash). */
export interface Flash {
  move: 'up' | 'down' | null;
  count: number;
}

/** Track moves of a displayed value: adjusts state while rendering, React's pattern for "state from props". */
export function useFlash(value: string): Flash {
  const [state, setState] = useState({ value, move: null as Flash['move'], count: 0 });
  if (state.value !== value) {
    const move = priceMove(state.value, value);
    setState({ value, move, count: move ? state.count + 1 : state.count });
    return { move, count: move ? state.count + 1 : state.count };
  }
  return state;
}
