/**
 * Outputs of <tk-account> beyond the shared ones: the display preferences the user picks in the menu.
 * The page applies them (the host keeps theme and colours for the whole site); on a page that does not
 * handle the event the widget applies them to itself.
 */

/** Detail of `tk-preferences-change`: the one preference that changed. */
export interface PreferencesDetail {
  theme?: 'light' | 'dark';
  colorScheme?: string;
  language?: string;
}

/** Asks the page to apply a display preference; cancel it (`preventDefault()`) when the page applied it. */
export class TkPreferencesChangeEvent extends CustomEvent<PreferencesDetail> {
  constructor(detail: PreferencesDetail) {
    super('tk-preferences-change', { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tk-preferences-change': TkPreferencesChangeEvent;
  }
}
