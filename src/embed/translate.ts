/** The configurator's text lookup (`embed.*` and the common `lang.*` keys). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;
