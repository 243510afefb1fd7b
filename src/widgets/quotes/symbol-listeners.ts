/** Listeners kept per symbol, so that news of one symbol wakes only what shows that symbol (EK22). */
export interface SymbolListeners {
  /** Calls the listeners of `symbol`. */
  notify(symbol: string): void;
  /** Adds a listener of `symbol`; the function returned removes it. */
  add(symbol: string, listener: () => void): () => void;
  /** Whether any symbol has a listener. */
  any(): boolean;
}

export function createSymbolListeners(): SymbolListeners {
  const bySymbol = new Map<string, Set<() => void>>();
  return {
    notify: (symbol) => bySymbol.get(symbol)?.forEach((listener) => listener()),
    add(symbol, listener) {
      let set = bySymbol.get(symbol);
      if (!set) bySymbol.set(symbol, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && bySymbol.get(symbol) === set) bySymbol.delete(symbol);
      };
    },
    any: () => bySymbol.size > 0,
  };
}
