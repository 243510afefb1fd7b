/**
 * The only module that imports jotai's React bindings (lint enforces it). Widgets read page state through
 * these hooks; the store itself comes from the platform (see platform-context.tsx).
 */
export { Provider, useAtom, useAtomValue, useSetAtom } from 'jotai/react';
