/** Public API of <tk-notifications> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-notifications>. */
export const notificationsMeta: WidgetMeta = {
  tag: 'tk-notifications',
  summary: 'Notifications of the signed-in user: infinite list, detail drawer, unread marking.',
  description:
    'The notifications page: a list that loads 10 notifications at a time while scrolled to its end, newest ' +
    'first, unread ones marked, and a detail drawer. Titles and texts are translated from the alarm code ' +
    '(629005 withdrawal and 629006 deposit rejected with the amount, 629007 verification rejected, 629012 new ' +
    'message, 629021 loan rejected), except action type 4, which shows the notification’s own title and ' +
    'content. Opening an unread one marks it read, reloads the list from page 1 and refreshes the unread ' +
    'count (which the exchange socket keeps live). Signed out, it shows a sign-in prompt that fires ' +
    '`tk-navigate`.',
  attributes: [...COMMON_ATTRIBUTES],
  events: [
    navigateEvent(
      'Signed out, the sign-in button asks the page to go to `/login?to=/user/notification`. Bubbles, is ' +
        'composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'Title and unread count.' },
    { name: 'count', description: 'The unread count (absent when nothing is unread).' },
    { name: 'list', description: 'The notification list.' },
    { name: 'item', description: 'One notification (`data-unread` while unread).' },
    { name: 'empty', description: 'The empty-list message.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'drawer', description: 'The detail drawer.' },
    { name: 'detail', description: 'The detail drawer.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
