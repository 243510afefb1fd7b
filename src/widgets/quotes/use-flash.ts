import { useState } from 'react';
import { isDecimal } from '../../core/domain/decimal';
import { priceMove } from './quote-row.logic';

/** Last move of a displayed price (QF1: the price keeps this move's colour until the next move). */
export interface Flash {
  move: 'up' | 'down' | null;
}

/** Track moves of a displayed value: adjusts state while rendering, React's pattern for "state from props". */
export function useFlash(value: string): Flash {
  const [state, setState] = useState({ value, move: null as Flash['move'] });
  if (state.value !== value) {
    // The same number written differently keeps the previous move's colour; no price clears it.
    const move = priceMove(state.value, value) ?? (isDecimal(value) ? state.move : null);
    setState({ value, move });
    return { move };
  }
  return state;
}
